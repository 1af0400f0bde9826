import { callAuth, loadAuthClient } from "@/lib/auth";

/** Signs one session out (by its token). */
export async function revokeSession(token: string): Promise<void> {
  const client = await loadAuthClient();
  await callAuth(() => client.revokeSession({ token }));
}

/** Signs out every session except this one. */
export async function revokeOtherSessions(): Promise<void> {
  const client = await loadAuthClient();
  await callAuth(() => client.revokeOtherSessions());
}

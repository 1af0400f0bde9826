import { callAuth, loadAuthClient } from "@/lib/auth";

/** Sets a new password with the token from the e-mailed link. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  const client = await loadAuthClient();
  await callAuth(() => client.resetPassword({ newPassword, token }));
}

import { callAuth, loadAuthClient } from "@/lib/auth";

/** Changes the password; the server signs every other session out. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const client = await loadAuthClient();
  await callAuth(() =>
    client.changePassword({ currentPassword, newPassword, revokeOtherSessions: true }),
  );
}

import { callAuth, loadAuthClient } from "@/lib/auth";

export const RESET_PASSWORD_PATH = "/auth/reset-password";

/** Sends the reset e-mail; the answer is the same whether or not the account exists. */
export async function requestPasswordReset(email: string): Promise<void> {
  const client = await loadAuthClient();
  await callAuth(() => client.requestPasswordReset({ email, redirectTo: RESET_PASSWORD_PATH }));
}

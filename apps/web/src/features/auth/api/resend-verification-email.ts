import { callAuth, loadAuthClient, VERIFIED_CALLBACK } from "@/lib/auth";

/** Sends the confirmation e-mail again. */
export async function resendVerificationEmail(email: string): Promise<void> {
  const client = await loadAuthClient();
  await callAuth(() => client.sendVerificationEmail({ email, callbackURL: VERIFIED_CALLBACK }));
}

import type { SignInInput, SignInResult, SignUpInput, TwoFactorInput } from "./auth-context";
import { callAuth } from "./auth-error";
import { loadAuthClient } from "./load-auth-client";

// The Better Auth calls behind the context's actions. Loaded on first use, with the client,
// so the first paint of any page does not carry them.

/** Where the confirmation e-mail link lands once the address is confirmed. */
export const VERIFIED_CALLBACK = "/dashboard?verified=1";

export async function signUp(input: SignUpInput): Promise<void> {
  const client = await loadAuthClient();
  await callAuth(() =>
    client.signUp.email({
      email: input.email,
      password: input.password,
      name: input.username,
      username: input.username,
      locale: input.locale,
      ...(input.referralId ? { referralId: input.referralId } : {}),
      callbackURL: VERIFIED_CALLBACK,
    }),
  );
}

export async function signIn(input: SignInInput): Promise<SignInResult> {
  const client = await loadAuthClient();
  const data = await callAuth(() =>
    client.signIn.email({ email: input.email, password: input.password, rememberMe: true }),
  );
  const twoFactorRequired = Boolean(
    data && typeof data === "object" && "twoFactorRedirect" in data && data.twoFactorRedirect,
  );
  return { twoFactorRequired };
}

export async function verifyTwoFactor({ code, method, trustDevice }: TwoFactorInput) {
  const client = await loadAuthClient();
  const body = { code, trustDevice: Boolean(trustDevice) };
  if (method === "totp") await callAuth(() => client.twoFactor.verifyTotp(body));
  else await callAuth(() => client.twoFactor.verifyBackupCode(body));
}

export async function signOut(): Promise<void> {
  const client = await loadAuthClient();
  await callAuth(() => client.signOut());
}

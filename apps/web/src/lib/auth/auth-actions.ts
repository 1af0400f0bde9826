import { dropInlined } from "../inlined-data";
import type { SignInInput, SignInResult, SignUpInput, TwoFactorInput } from "./auth-context";
import { AuthError, callAuth, passkeyError } from "./auth-error";
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

/** Set by the server on a sign-in that cancelled the member's scheduled account deletion. */
const DELETION_CANCELLED_HEADER = "x-viewvault-account-deletion";

/** Fetch options that note whether the sign-in cancelled a scheduled deletion (ADR 036). */
function watchDeletion() {
  const seen = { cancelled: false };
  const fetchOptions = {
    onResponse(context: { response: Response }) {
      if (context.response.headers.get(DELETION_CANCELLED_HEADER) === "cancelled") {
        seen.cancelled = true;
      }
    },
  };
  return { seen, fetchOptions };
}

export async function signIn(input: SignInInput): Promise<SignInResult> {
  dropInlined();
  const client = await loadAuthClient();
  const { seen, fetchOptions } = watchDeletion();
  const data = await callAuth(() =>
    client.signIn.email(
      { email: input.email, password: input.password, rememberMe: true },
      fetchOptions,
    ),
  );
  const twoFactorRequired = Boolean(
    data && typeof data === "object" && "twoFactorRedirect" in data && data.twoFactorRedirect,
  );
  return { twoFactorRequired, deletionCancelled: seen.cancelled };
}

export async function verifyTwoFactor({
  code,
  method,
  trustDevice,
}: TwoFactorInput): Promise<{ deletionCancelled: boolean }> {
  const client = await loadAuthClient();
  const { seen, fetchOptions } = watchDeletion();
  const body = { code, trustDevice: Boolean(trustDevice) };
  if (method === "totp") await callAuth(() => client.twoFactor.verifyTotp(body, fetchOptions));
  else await callAuth(() => client.twoFactor.verifyBackupCode(body, fetchOptions));
  return { deletionCancelled: seen.cancelled };
}

/**
 * Signs in with a passkey (ADR 070). `autoFill`: the browser offers the passkeys in the e-mail
 * field (conditional UI) and the promise waits until the member picks one.
 */
export async function signInWithPasskey(
  autoFill: boolean,
): Promise<{ deletionCancelled: boolean }> {
  const client = await loadAuthClient();
  const { seen, fetchOptions } = watchDeletion();
  try {
    await callAuth(() => client.signIn.passkey({ autoFill, fetchOptions }));
  } catch (error) {
    throw error instanceof AuthError ? passkeyError(error) : error;
  }
  return { deletionCancelled: seen.cancelled };
}

export async function signOut(): Promise<void> {
  dropInlined();
  const client = await loadAuthClient();
  await callAuth(() => client.signOut());
}

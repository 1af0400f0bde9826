import type {
  TPasskeyAssertion,
  TPasskeyProof,
  TPasskeyStepUpChallenge,
  TStepUpAction,
} from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** The browser's passkey prompt was cancelled, timed out or is unavailable. */
export class PasskeyPromptError extends Error {
  override readonly name = "PasskeyPromptError";
}

/**
 * Step-up with a passkey (ADR 074): asks the server for a challenge bound to `action`, lets the
 * browser sign it with one of the member's passkeys (user verification required) and returns the
 * proof the action's own request carries. SimpleWebAuthn's browser half is loaded only here.
 */
export async function passkeyProofFor(action: TStepUpAction): Promise<TPasskeyProof> {
  const issued = await api.post<TPasskeyStepUpChallenge>("/api/me/step-up/passkey", { action });
  const { startAuthentication } = await import("@simplewebauthn/browser");
  let response: unknown;
  try {
    response = await startAuthentication({
      optionsJSON: issued.options as Parameters<typeof startAuthentication>[0]["optionsJSON"],
    });
  } catch (error) {
    throw new PasskeyPromptError(error instanceof Error ? error.message : "cancelled");
  }
  return { challengeId: issued.challengeId, response: response as TPasskeyAssertion };
}

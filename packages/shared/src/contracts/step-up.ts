import { z } from "zod";
import { NETWORKS } from "../constants";

/**
 * Step-up with a passkey (ADR 074): the action a WebAuthn challenge is issued for, and the signed
 * answer the browser returns. The server binds the challenge to the action; the confirming
 * request names the same action through its own fields (a withdrawal's amount, network and
 * address), so an assertion made for one action is refused for any other.
 */
export const ZStepUpAction = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("withdrawal"),
      amount: z.string().trim().max(32),
      network: z.enum(NETWORKS),
      walletAddress: z.string().trim().max(128),
    }),
    z.object({
      kind: z.literal("wallet"),
      walletNetwork: z.enum(NETWORKS),
      walletAddress: z.string().trim().max(128),
    }),
    /** A staff action and its target, as the server named it in its STEP_UP_REQUIRED answer. */
    z.object({ kind: z.literal("staff"), action: z.string().min(1).max(300) }),
  ])
  .meta({ id: "StepUpAction" });
export type TStepUpAction = z.infer<typeof ZStepUpAction>;

const ZB64Url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/);

/** A WebAuthn assertion as `@simplewebauthn/browser` returns it (base64url fields). */
export const ZPasskeyAssertion = z
  .object({
    id: ZB64Url(1024).min(1),
    rawId: ZB64Url(1024).min(1),
    type: z.literal("public-key"),
    response: z.object({
      clientDataJSON: ZB64Url(8192).min(1),
      authenticatorData: ZB64Url(8192).min(1),
      signature: ZB64Url(2048).min(1),
      userHandle: ZB64Url(1024).optional(),
    }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  })
  .meta({ id: "PasskeyAssertion" });
export type TPasskeyAssertion = z.infer<typeof ZPasskeyAssertion>;

/** The passkey proof a sensitive request carries instead of the password or a 2FA code. */
export const ZPasskeyProof = z
  .object({ challengeId: z.uuid(), response: ZPasskeyAssertion })
  .meta({ id: "PasskeyProof" });
export type TPasskeyProof = z.infer<typeof ZPasskeyProof>;

export const ZPasskeyStepUpRequest = z
  .object({ action: ZStepUpAction })
  .meta({ id: "PasskeyStepUpRequest" });
export type TPasskeyStepUpRequest = z.infer<typeof ZPasskeyStepUpRequest>;

/** A challenge for one action: its id and the options `startAuthentication` takes. */
export const ZPasskeyStepUpChallenge = z
  .object({
    challengeId: z.uuid(),
    expiresAt: z.iso.datetime(),
    options: z.object({
      challenge: z.string(),
      rpId: z.string().optional(),
      timeout: z.number().optional(),
      userVerification: z.enum(["required", "preferred", "discouraged"]).optional(),
      allowCredentials: z
        .array(
          z.object({
            id: z.string(),
            type: z.literal("public-key"),
            transports: z.array(z.string()).optional(),
          }),
        )
        .optional(),
    }),
  })
  .meta({ id: "PasskeyStepUpChallenge" });
export type TPasskeyStepUpChallenge = z.infer<typeof ZPasskeyStepUpChallenge>;

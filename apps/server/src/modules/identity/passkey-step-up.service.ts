import {
  generateAuthenticationOptions,
  type VerifiedAuthenticationResponse,
  verifyAuthenticationResponse,
} from "@simplewebauthn/server";
import {
  parseUsdt,
  type TPasskeyProof,
  type TPasskeyStepUpChallenge,
  type TStepUpAction,
} from "@viewvault/shared";
import { and, eq, gt, isNotNull, isNull, lt } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { passkeyChallenges, passkeys } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Member } from "../../lib/member";

/** How long a step-up challenge can be answered: one browser prompt, not a session. */
export const PASSKEY_CHALLENGE_SECONDS = 120;

/** The relying party: PUBLIC_URL's host (or PASSKEY_RP_ID) and PUBLIC_URL as the origin. */
export interface PasskeyRp {
  rpId: string;
  origin: string;
}

/**
 * The canonical name of an action a challenge is bound to. A withdrawal's amount is compared as
 * micro-USDT (so "100" and "100.00" are the same withdrawal), its address trimmed.
 */
export function stepUpActionKey(action: TStepUpAction): string {
  switch (action.kind) {
    case "withdrawal": {
      const amount = parseUsdt(action.amount);
      return `withdrawal|${amount === null ? `?${action.amount}` : amount.toString()}|${action.network}|${action.walletAddress.trim()}`;
    }
    case "wallet":
      return `wallet|${action.walletNetwork}|${action.walletAddress.trim()}`;
    case "staff":
      return `staff|${action.action}`;
  }
}

/**
 * Issues a single-use challenge for this session, bound to `action`, that only the member's own
 * passkeys can answer, with user verification required (ADR 074).
 */
export async function issuePasskeyChallenge(
  db: Db,
  clock: Clock,
  rp: PasskeyRp,
  member: Member,
  action: TStepUpAction,
): Promise<TPasskeyStepUpChallenge> {
  const credentials = await db
    .select({ id: passkeys.credentialID, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, member.userId));
  if (credentials.length === 0) throw new AppError("PASSKEY_STEP_UP_FAILED");
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    userVerification: "required",
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    allowCredentials: credentials.map((c) => ({
      id: c.id,
      ...(c.transports
        ? { transports: c.transports.split(",") as AuthenticatorTransportName[] }
        : {}),
    })),
  });
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + PASSKEY_CHALLENGE_SECONDS * 1000);
  // Expired rows of this session go as new ones come (a session holds a handful at most).
  await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.sessionId, member.sessionId),
        lt(passkeyChallenges.expiresAt, new Date(now.getTime() - 3_600_000)),
      ),
    );
  const [row] = await db
    .insert(passkeyChallenges)
    .values({
      userId: member.userId,
      sessionId: member.sessionId,
      action: stepUpActionKey(action),
      challenge: options.challenge,
      rpId: rp.rpId,
      origin: rp.origin,
      expiresAt,
    })
    .returning({ id: passkeyChallenges.id });
  return {
    challengeId: (row as { id: string }).id,
    expiresAt: expiresAt.toISOString(),
    options: {
      challenge: options.challenge,
      rpId: options.rpId,
      timeout: options.timeout,
      userVerification: "required",
      allowCredentials: (options.allowCredentials ?? []).map((c) => ({
        id: c.id,
        type: "public-key" as const,
        ...(c.transports ? { transports: [...c.transports] } : {}),
      })),
    },
  };
}

type AuthenticatorTransportName =
  | "ble"
  | "cable"
  | "hybrid"
  | "internal"
  | "nfc"
  | "smart-card"
  | "usb";

/**
 * Checks a passkey assertion for `action` (ADR 074). The challenge is spent first — whatever the
 * outcome, it cannot be tried again — and must belong to this session, be unexpired and name the
 * same action; the credential must be one of the member's passkeys; the authenticator must have
 * verified the person; the signature counter must move forward, and is stored. Any refusal
 * changes nothing else.
 */
export async function verifyPasskeyStepUp(
  db: Db,
  clock: Clock,
  member: Member,
  action: TStepUpAction,
  proof: TPasskeyProof,
): Promise<{ challengeId: string }> {
  const now = clock.now();
  const [challenge] = await db
    .update(passkeyChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(passkeyChallenges.id, proof.challengeId),
        eq(passkeyChallenges.sessionId, member.sessionId),
        isNull(passkeyChallenges.usedAt),
      ),
    )
    .returning();
  if (
    !challenge ||
    challenge.expiresAt.getTime() <= now.getTime() ||
    challenge.action !== stepUpActionKey(action)
  ) {
    throw new AppError("PASSKEY_CHALLENGE_INVALID");
  }
  const [credential] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialID, proof.response.id), eq(passkeys.userId, member.userId)));
  if (!credential) throw new AppError("PASSKEY_STEP_UP_FAILED");
  let verification: VerifiedAuthenticationResponse;
  try {
    verification = await verifyAuthenticationResponse({
      response: proof.response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: challenge.origin,
      expectedRPID: challenge.rpId,
      credential: {
        id: credential.credentialID,
        publicKey: new Uint8Array(Buffer.from(credential.publicKey, "base64")),
        counter: credential.counter,
        ...(credential.transports
          ? { transports: credential.transports.split(",") as AuthenticatorTransportName[] }
          : {}),
      },
      requireUserVerification: true,
    });
  } catch {
    // A bad signature, another origin, no user verification, a counter that went backwards.
    throw new AppError("PASSKEY_STEP_UP_FAILED");
  }
  const info = verification.authenticationInfo;
  if (!verification.verified || !info.userVerified) throw new AppError("PASSKEY_STEP_UP_FAILED");
  // Stored only if no other assertion moved the counter meanwhile (two answers racing).
  const stored = await db
    .update(passkeys)
    .set({ counter: info.newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, credential.id), eq(passkeys.counter, credential.counter)))
    .returning({ id: passkeys.id });
  if (stored.length === 0) throw new AppError("PASSKEY_STEP_UP_FAILED");
  return { challengeId: challenge.id };
}

/** A staff passkey step-up: the verified challenge becomes a grant for its one action. */
export async function grantStaffAction(db: DbOrTx, challengeId: string, at: Date): Promise<void> {
  await db
    .update(passkeyChallenges)
    .set({ confirmedAt: at })
    .where(eq(passkeyChallenges.id, challengeId));
}

/**
 * Spends this session's passkey grant for `action` (a staff action and its target), if one was
 * confirmed within `windowMs`: true once, then false.
 */
export async function spendStaffGrant(
  db: DbOrTx,
  member: Member,
  action: string,
  now: Date,
  windowMs: number,
): Promise<boolean> {
  const spent = await db
    .update(passkeyChallenges)
    .set({ spentAt: now })
    .where(
      and(
        eq(passkeyChallenges.sessionId, member.sessionId),
        eq(passkeyChallenges.action, stepUpActionKey({ kind: "staff", action })),
        isNotNull(passkeyChallenges.confirmedAt),
        isNull(passkeyChallenges.spentAt),
        gt(passkeyChallenges.confirmedAt, new Date(now.getTime() - windowMs)),
      ),
    )
    .returning({ id: passkeyChallenges.id });
  return spent.length > 0;
}

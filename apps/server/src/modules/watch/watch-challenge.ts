import { createHmac } from "node:crypto";
import { CHALLENGE, type RiskLevel, type TWatchSession } from "@viewvault/shared";
import { createChallenge, extractParams, verifySolution } from "altcha-lib/v1";
import { AppError } from "../../lib/app-error";

export type TWatchChallenge = NonNullable<TWatchSession["challenge"]>;

/**
 * The HMAC key of the watch challenges, derived from the auth secret (BETTER_AUTH_SECRET or the
 * one generated in DATA_DIR) so it needs no setting of its own and differs from every other use.
 */
export function challengeHmacKey(authSecret: string): string {
  return createHmac("sha256", authSecret).update("viewvault:watch-challenge:v1").digest("hex");
}

/**
 * A proof-of-work challenge (altcha, SHA-256) bound to one session: its salt carries the session
 * id and the expiry, both covered by the signature. Stateless: nothing is stored until it is spent.
 */
export async function issueChallenge(
  hmacKey: string,
  sessionId: string,
  risk: RiskLevel,
  now: Date,
): Promise<TWatchChallenge> {
  const c = await createChallenge({
    hmacKey,
    maxnumber: CHALLENGE.maxNumberByRisk[risk],
    expires: new Date(now.getTime() + CHALLENGE.expiresSeconds * 1000),
    params: { session: sessionId },
  });
  return {
    algorithm: c.algorithm,
    challenge: c.challenge,
    maxnumber: c.maxnumber ?? CHALLENGE.maxNumberByRisk[risk],
    salt: c.salt,
    signature: c.signature,
  };
}

/**
 * Verifies a solved challenge for a session on the server's clock: a valid signature and number,
 * this session's id, not expired. Returns its key (the signature), which the completion spends.
 */
export async function verifyChallenge(
  hmacKey: string,
  sessionId: string,
  solution: string,
  now: Date,
): Promise<string> {
  let payload: { signature?: unknown };
  try {
    payload = JSON.parse(Buffer.from(solution, "base64").toString("utf8"));
  } catch {
    throw new AppError("CHALLENGE_FAILED");
  }
  if (typeof payload !== "object" || payload === null || typeof payload.signature !== "string")
    throw new AppError("CHALLENGE_FAILED");
  const valid = await verifySolution(solution, hmacKey, false).catch(() => false);
  if (!valid) throw new AppError("CHALLENGE_FAILED");
  const params = extractParams(solution);
  if (params.session !== sessionId) throw new AppError("CHALLENGE_FAILED");
  const expires = Number(params.expires) * 1000;
  if (!Number.isFinite(expires) || expires < now.getTime())
    throw new AppError("CHALLENGE_FAILED", { context: "expired" });
  return payload.signature;
}

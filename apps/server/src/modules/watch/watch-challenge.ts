import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { CHALLENGE, type RiskLevel, type TWatchSession } from "@viewvault/shared";
import { createChallenge } from "altcha-lib/v1";
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
 *
 * altcha's v1 check (challenge = SHA-256(salt + number), signature = HMAC-SHA-256(challenge)), done
 * with node:crypto's synchronous hashes: altcha-lib's `verifySolution` goes through WebCrypto,
 * whose promise jobs cost the completion ~100 µs of server CPU (17 % of it in a CPU profile of the
 * bench, ADR 046). Only SHA-256, the algorithm we issue, is accepted. The unit test proves it
 * agrees with `verifySolution` on valid, tampered and foreign solutions.
 */
export async function verifyChallenge(
  hmacKey: string,
  sessionId: string,
  solution: string,
  now: Date,
): Promise<string> {
  const payload = parseSolution(solution);
  if (!payload) throw new AppError("CHALLENGE_FAILED");
  const challenge = createHash("sha256").update(`${payload.salt}${payload.number}`).digest("hex");
  const signature = createHmac("sha256", hmacKey).update(challenge).digest("hex");
  if (challenge !== payload.challenge || !sameText(signature, payload.signature))
    throw new AppError("CHALLENGE_FAILED");
  const params = new URLSearchParams(payload.salt.split("?")[1] ?? "");
  if (params.get("session") !== sessionId) throw new AppError("CHALLENGE_FAILED");
  const expires = Number(params.get("expires")) * 1000;
  if (!params.get("expires") || !Number.isFinite(expires) || expires < now.getTime())
    throw new AppError("CHALLENGE_FAILED", { context: "expired" });
  return payload.signature;
}

interface SolutionPayload {
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

/** The widget's base64 JSON payload, or null when it is not one (of SHA-256). */
function parseSolution(solution: string): SolutionPayload | null {
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(solution, "base64").toString("utf8"));
  } catch {
    return null;
  }
  if (typeof payload !== "object" || payload === null) return null;
  const p = payload as Record<string, unknown>;
  if (
    p.algorithm !== "SHA-256" ||
    typeof p.challenge !== "string" ||
    typeof p.salt !== "string" ||
    typeof p.signature !== "string" ||
    typeof p.number !== "number" ||
    !Number.isSafeInteger(p.number) ||
    p.number < 0
  )
    return null;
  return { challenge: p.challenge, number: p.number, salt: p.salt, signature: p.signature };
}

/** Constant-time equality of two hex strings. */
function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

import { solveChallenge, verifySolution } from "altcha-lib/v1";
import { describe, expect, it } from "vitest";
import { challengeHmacKey, issueChallenge, verifyChallenge } from "./watch-challenge";

const key = challengeHmacKey("unit-secret-unit-secret-unit-secret-0001");
const session = "6f1c2a4e-8b7d-4c3e-9a10-0b1c2d3e4f50";
const now = new Date("2026-11-26T12:00:00Z");

/** A session's challenge solved as the page's worker solves it (altcha-lib's solver). */
async function solved(
  sessionId = session,
  hmacKey = key,
  at = now,
): Promise<{ payload: Record<string, unknown>; encode(p: Record<string, unknown>): string }> {
  const c = await issueChallenge(hmacKey, sessionId, "low", at);
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error("unsolved");
  const payload = {
    algorithm: c.algorithm,
    challenge: c.challenge,
    number: solution.number,
    salt: c.salt,
    signature: c.signature,
  };
  return { payload, encode: (p) => Buffer.from(JSON.stringify(p)).toString("base64") };
}

describe("verifyChallenge (node:crypto) agrees with altcha-lib's verifySolution", () => {
  it("accepts a solved challenge of this session and returns its signature as the key", async () => {
    const { payload, encode } = await solved();
    const solution = encode(payload);
    expect(await verifySolution(solution, key, false)).toBe(true);
    await expect(verifyChallenge(key, session, solution, now)).resolves.toBe(payload.signature);
  });

  it.each([
    ["a wrong number", (p: Record<string, unknown>) => ({ ...p, number: Number(p.number) + 1 })],
    ["a forged signature", (p: Record<string, unknown>) => ({ ...p, signature: "0".repeat(64) })],
    ["another salt", (p: Record<string, unknown>) => ({ ...p, salt: `x${p.salt}` })],
    ["another challenge", (p: Record<string, unknown>) => ({ ...p, challenge: "f".repeat(64) })],
  ])("refuses %s, as verifySolution does", async (_name, tamper) => {
    const { payload, encode } = await solved();
    const solution = encode(tamper(payload));
    expect(await verifySolution(solution, key, false)).toBe(false);
    await expect(verifyChallenge(key, session, solution, now)).rejects.toMatchObject({
      code: "CHALLENGE_FAILED",
    });
  });

  it("refuses a challenge signed with another key, for another session, or expired", async () => {
    const foreign = await solved(session, challengeHmacKey("another-secret-another-secret-0002"));
    await expect(
      verifyChallenge(key, session, foreign.encode(foreign.payload), now),
    ).rejects.toMatchObject({ code: "CHALLENGE_FAILED" });
    const other = await solved("00000000-0000-4000-8000-000000000001");
    await expect(
      verifyChallenge(key, session, other.encode(other.payload), now),
    ).rejects.toMatchObject({ code: "CHALLENGE_FAILED" });
    const { payload, encode } = await solved();
    const later = new Date(now.getTime() + 24 * 3_600_000);
    await expect(verifyChallenge(key, session, encode(payload), later)).rejects.toMatchObject({
      code: "CHALLENGE_FAILED",
      params: { context: "expired" },
    });
  });

  it("refuses what is not a solution: not base64 JSON, another algorithm, a fractional number", async () => {
    const { payload, encode } = await solved();
    for (const bad of [
      "%%%",
      Buffer.from("[]").toString("base64"),
      encode({ ...payload, algorithm: "SHA-1" }),
      encode({ ...payload, number: 1.5 }),
      encode({ ...payload, number: "12" }),
    ]) {
      await expect(verifyChallenge(key, session, bad, now)).rejects.toMatchObject({
        code: "CHALLENGE_FAILED",
      });
    }
  });
});

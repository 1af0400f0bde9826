import { createRequire } from "node:module";
import path from "node:path";
import { challengeHmacKey } from "../apps/server/src/modules/watch/watch-challenge";
import { root } from "./harness";

// altcha-lib is the server's dependency (apps/server/node_modules).
const altcha = createRequire(path.join(root, "apps/server/package.json"))("altcha-lib/v1") as {
  createChallenge(options: {
    hmacKey: string;
    number: number;
    maxnumber: number;
    expires: Date;
    params: Record<string, string>;
  }): Promise<{ algorithm: string; challenge: string; salt: string; signature: string }>;
};

/**
 * Solved completion challenges for sessions, as the page's worker sends them (ADR 046): made with
 * the server's key (from the bench's auth secret) and a chosen number, so the bench need not
 * spend its CPU solving them; the server verifies them as any other.
 */
export async function solutionsFor(
  secret: string,
  sessionIds: string[],
): Promise<Map<string, string>> {
  const hmacKey = challengeHmacKey(secret);
  const expires = new Date(Date.now() + 3_600_000);
  const out = new Map<string, string>();
  for (const id of sessionIds) {
    const number = 4_242;
    const c = await altcha.createChallenge({
      hmacKey,
      number,
      maxnumber: 100_000,
      expires,
      params: { session: id },
    });
    out.set(
      id,
      Buffer.from(
        JSON.stringify({
          algorithm: c.algorithm,
          challenge: c.challenge,
          number,
          salt: c.salt,
          signature: c.signature,
        }),
      ).toString("base64"),
    );
  }
  return out;
}

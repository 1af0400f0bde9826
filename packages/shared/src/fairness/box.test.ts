import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MYSTERY_BOX } from "../constants";
import {
  BOX_ITEMS,
  BOX_RARITIES,
  chunkStream,
  type FairnessCrypto,
  rarityOfDraw,
  rollBox,
  toHex,
  uniformBelow,
  verifyOpening,
} from "./box";
import { FAIRNESS_VECTORS } from "./vectors";

const nodeCrypto: FairnessCrypto = {
  hmacSha256: async (key, message) => createHmac("sha256", key).update(message).digest(),
  sha256: async (text) => createHash("sha256").update(text).digest(),
};

/** A stream that answers the given numbers, in order. */
function numbers(...values: number[]): () => Promise<number> {
  let i = 0;
  return async () => {
    const value = values[i++];
    if (value === undefined) throw new Error("stream exhausted");
    return value;
  };
}

describe("box fairness", () => {
  it("reproduces every published vector (hash, HMAC, draws, rarity, item)", async () => {
    for (const v of FAIRNESS_VECTORS) {
      const hmac = await nodeCrypto.hmacSha256(v.serverSeed, `${v.clientSeed}:${v.nonce}`);
      expect(toHex(hmac)).toBe(v.hmac);
      const checked = await verifyOpening(nodeCrypto, v);
      expect(checked.seedHash).toBe(v.serverSeedHash);
      expect(checked.hashMatches).toBe(true);
      expect(checked.roll).toEqual({ rarity: v.rarity, itemId: v.itemId, draws: v.draws });
    }
    // A wrong hash is reported, not ignored.
    const [first] = FAIRNESS_VECTORS;
    if (!first) throw new Error("no vectors");
    const wrong = await verifyOpening(nodeCrypto, { ...first, serverSeedHash: "00".repeat(32) });
    expect(wrong.hashMatches).toBe(false);
  });

  it("has at least 12 items, in every rarity", () => {
    expect(BOX_ITEMS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(BOX_ITEMS.map((i) => i.id)).size).toBe(BOX_ITEMS.length);
    for (const rarity of BOX_RARITIES) {
      expect(BOX_ITEMS.some((i) => i.rarity === rarity)).toBe(true);
    }
  });

  it("maps draws 0–99 to the published rates", () => {
    const counts = { common: 0, rare: 0, legendary: 0 };
    for (let d = 0; d < 100; d++) counts[rarityOfDraw(d)]++;
    expect(counts).toEqual(MYSTERY_BOX.rates);
  });

  it("rejects the numbers that would cause modulo bias and takes the next one", async () => {
    // 2^32 = 42,949,672 × 100 + 96: the top 96 numbers are rejected for n = 100.
    const limit100 = 2 ** 32 - 96;
    expect(await uniformBelow(100, numbers(limit100, 2 ** 32 - 1, 1234))).toBe(34);
    expect(await uniformBelow(100, numbers(limit100 - 1))).toBe((limit100 - 1) % 100);
    // n = 7: 2^32 mod 7 = 4, so 2^32 - 4 … 2^32 - 1 are rejected.
    expect(await uniformBelow(7, numbers(2 ** 32 - 4, 2 ** 32 - 1, 9))).toBe(2);
    expect(await uniformBelow(7, numbers(2 ** 32 - 5))).toBe((2 ** 32 - 5) % 7);
    // With a 2-bit stand-in for 32 bits, exhaustive: every accepted outcome is equally likely.
    const accepted = [0, 1, 2, 3].filter((v) => v < 4 - (4 % 3)).map((v) => v % 3);
    expect(accepted.sort()).toEqual([0, 1, 2]);
  });

  it("continues with the next HMAC round when a round's 8 numbers are rejected", async () => {
    const rounds: number[] = [];
    const next = chunkStream(async (round) => {
      rounds.push(round);
      return round === 0 ? new Uint8Array(32).fill(0xff) : Uint8Array.from([0, 0, 0, 5]);
    });
    expect(await uniformBelow(100, next)).toBe(5);
    expect(rounds).toEqual([0, 1]);
  });

  it("χ² of 100,000 rolls against 75/20/5 is within the 99.9 % bound (2 degrees of freedom)", async () => {
    const counts = { common: 0, rare: 0, legendary: 0 };
    const items = new Map<string, number>();
    const serverSeed = "5f".repeat(32);
    const n = 100_000;
    for (let nonce = 0; nonce < n; nonce++) {
      const roll = await rollBox(nodeCrypto, { serverSeed, clientSeed: "chi-square", nonce });
      counts[roll.rarity]++;
      items.set(roll.itemId, (items.get(roll.itemId) ?? 0) + 1);
    }
    let chi2 = 0;
    for (const rarity of BOX_RARITIES) {
      const expected = (n * MYSTERY_BOX.rates[rarity]) / 100;
      chi2 += (counts[rarity] - expected) ** 2 / expected;
    }
    expect(chi2).toBeLessThan(13.816);
    // Every item drops.
    expect(items.size).toBe(BOX_ITEMS.length);
  });
});

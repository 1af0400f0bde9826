import { MYSTERY_BOX } from "../constants";

/**
 * The mystery box's provably fair roll (ADR 015), in ONE place: the server rolls with it
 * (node:crypto) and the public /fairness page recomputes any opening with it (WebCrypto).
 *
 * - The server seed is 32 random bytes written as 64 lowercase hex characters. Before an opening
 *   the member sees SHA-256 of that text (UTF-8); after it, the text itself.
 * - Bytes: HMAC-SHA256 with the server seed text as the key over `clientSeed:nonce` (round 0);
 *   should the 8 chunks of a round run out, round k ≥ 1 continues over `clientSeed:nonce:k`.
 * - Every 4 bytes are one unsigned 32-bit big-endian number. A uniform choice among n is made
 *   by rejection sampling: a number at or above the largest multiple of n below 2^32 is
 *   discarded and the next one is taken, so no outcome is favoured (no modulo bias).
 * - The rarity is a choice among 100 (common below 75, rare below 95, legendary otherwise, from
 *   MYSTERY_BOX.rates); the item is then a choice among that rarity's items, in catalogue order.
 */

export const BOX_RARITIES = ["common", "rare", "legendary"] as const;
export type BoxRarity = (typeof BOX_RARITIES)[number];

/**
 * The collectible items (no cash value). Their names and descriptions are in the `box` locale
 * namespace (`items.<id>.name`); the order within a rarity is part of the algorithm.
 */
export const BOX_ITEMS = [
  { id: "popcorn-bucket", rarity: "common" },
  { id: "retro-remote", rarity: "common" },
  { id: "pixel-heart", rarity: "common" },
  { id: "film-reel", rarity: "common" },
  { id: "like-sticker", rarity: "common" },
  { id: "headphones", rarity: "common" },
  { id: "clapperboard", rarity: "common" },
  { id: "neon-play-button", rarity: "rare" },
  { id: "director-chair", rarity: "rare" },
  { id: "crystal-camera", rarity: "rare" },
  { id: "vintage-projector", rarity: "rare" },
  { id: "golden-play-button", rarity: "legendary" },
  { id: "diamond-vault-key", rarity: "legendary" },
] as const satisfies ReadonlyArray<{ id: string; rarity: BoxRarity }>;
export type BoxItemId = (typeof BOX_ITEMS)[number]["id"];

/** A client seed the member may choose: 1 to 64 letters, digits, "-" or "_". */
export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The two primitives the roll needs; node:crypto on the server, WebCrypto in the browser. */
export interface FairnessCrypto {
  /** HMAC-SHA256(key, message), both UTF-8. */
  hmacSha256(key: string, message: string): Promise<Uint8Array>;
  /** SHA-256 of UTF-8 text. */
  sha256(text: string): Promise<Uint8Array>;
}

export interface BoxRoll {
  rarity: BoxRarity;
  itemId: BoxItemId;
  /** The accepted numbers: [rarity draw in 0..99, item draw in 0..count-1]. */
  draws: [number, number];
}

export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0");
  return out;
}

/** The message of HMAC round `round` for an opening. */
export function rollMessage(clientSeed: string, nonce: number, round: number): string {
  return round === 0 ? `${clientSeed}:${nonce}` : `${clientSeed}:${nonce}:${round}`;
}

/** Unsigned 32-bit numbers from the HMAC rounds of one opening, in order. */
export function chunkStream(next: (round: number) => Promise<Uint8Array>): () => Promise<number> {
  let round = 0;
  let bytes: Uint8Array | null = null;
  let offset = 0;
  return async () => {
    if (!bytes || offset + 4 > bytes.length) {
      bytes = await next(round);
      round += 1;
      offset = 0;
    }
    const value =
      ((bytes[offset] as number) * 0x1000000 +
        ((bytes[offset + 1] as number) << 16) +
        ((bytes[offset + 2] as number) << 8) +
        (bytes[offset + 3] as number)) >>>
      0;
    offset += 4;
    return value;
  };
}

const TWO_32 = 2 ** 32;

/**
 * A uniform number in [0, n) from a stream of uniform 32-bit numbers, by rejection: numbers at or
 * above the largest multiple of n that fits in 32 bits are discarded (no modulo bias).
 */
export async function uniformBelow(n: number, next: () => Promise<number>): Promise<number> {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError("n out of range");
  const limit = TWO_32 - (TWO_32 % n);
  for (;;) {
    const value = await next();
    if (value < limit) return value % n;
  }
}

/** The rarity of a draw in 0..99, from the published rates. */
export function rarityOfDraw(draw: number): BoxRarity {
  let below = 0;
  for (const rarity of BOX_RARITIES) {
    below += MYSTERY_BOX.rates[rarity];
    if (draw < below) return rarity;
  }
  return "legendary";
}

/** The roll of one opening: rarity, then the item among that rarity's items. */
export async function rollBox(
  crypto: Pick<FairnessCrypto, "hmacSha256">,
  input: { serverSeed: string; clientSeed: string; nonce: number },
): Promise<BoxRoll> {
  const next = chunkStream((round) =>
    crypto.hmacSha256(input.serverSeed, rollMessage(input.clientSeed, input.nonce, round)),
  );
  const rarityDraw = await uniformBelow(100, next);
  const rarity = rarityOfDraw(rarityDraw);
  const items = BOX_ITEMS.filter((item) => item.rarity === rarity);
  const itemDraw = await uniformBelow(items.length, next);
  const item = items[itemDraw] as (typeof BOX_ITEMS)[number];
  return { rarity, itemId: item.id, draws: [rarityDraw, itemDraw] };
}

/** SHA-256 of a server seed, as the commitment shown before an opening (hex). */
export async function seedCommitment(
  crypto: Pick<FairnessCrypto, "sha256">,
  serverSeed: string,
): Promise<string> {
  return toHex(await crypto.sha256(serverSeed));
}

/**
 * Checks an opening from its inputs: whether the revealed seed matches the hash committed before
 * the opening (when one is given), and the roll those inputs give.
 */
export async function verifyOpening(
  crypto: FairnessCrypto,
  input: { serverSeed: string; serverSeedHash?: string; clientSeed: string; nonce: number },
): Promise<{ seedHash: string; hashMatches: boolean | null; roll: BoxRoll }> {
  const seedHash = await seedCommitment(crypto, input.serverSeed);
  const hashMatches = input.serverSeedHash
    ? seedHash === input.serverSeedHash.trim().toLowerCase()
    : null;
  return { seedHash, hashMatches, roll: await rollBox(crypto, input) };
}

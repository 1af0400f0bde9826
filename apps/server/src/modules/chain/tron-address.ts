import { createHash } from "node:crypto";

/**
 * Tron addresses: 21 bytes (0x41 + the 20-byte account) written in base58check ("T…"). A small
 * base58check over node:crypto instead of tronweb (ADR 057: one conversion does not justify a
 * ~10 MB dependency).
 */
const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const TRON_PREFIX = 0x41;

function sha256(data: Uint8Array): Buffer {
  return createHash("sha256").update(data).digest();
}

function base58Encode(bytes: Uint8Array): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString("hex") || "0"}`);
  let out = "";
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

function base58Decode(text: string): Uint8Array | null {
  let n = 0n;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return null;
    n = n * 58n + BigInt(digit);
  }
  let hex = n === 0n ? "" : n.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  const zeros = text.length - text.replace(/^1+/, "").length;
  return Uint8Array.from([...new Array(zeros).fill(0), ...Buffer.from(hex, "hex")]);
}

/** "T…" → the 20-byte account as lowercase hex (no 0x, no 41); null when not a Tron address. */
export function tronToHex20(address: string): string | null {
  const bytes = base58Decode(address.trim());
  if (bytes?.length !== 25 || bytes[0] !== TRON_PREFIX) return null;
  const payload = bytes.subarray(0, 21);
  const check = sha256(sha256(payload)).subarray(0, 4);
  if (!Buffer.from(bytes.subarray(21)).equals(check)) return null;
  return Buffer.from(payload.subarray(1)).toString("hex");
}

/** A 20-byte account in hex (with or without 0x / 41) → "T…". */
export function hexToTron(hex: string): string {
  let clean = hex.toLowerCase().replace(/^0x/, "");
  if (clean.length === 42 && clean.startsWith("41")) clean = clean.slice(2);
  if (!/^[0-9a-f]{40}$/.test(clean)) throw new Error(`${hex}: not a 20-byte address`);
  const payload = Buffer.from(`41${clean}`, "hex");
  return base58Encode(Buffer.concat([payload, sha256(sha256(payload)).subarray(0, 4)]));
}

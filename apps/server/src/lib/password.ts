import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { dictionary } from "@zxcvbn-ts/language-common";

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: string,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/**
 * scrypt with Better Auth's parameters and format (`salt:key`, hex; N=16384, r=16, p=1,
 * 64-byte key), computed by Node's native scrypt on the libuv thread pool instead of on the
 * event loop, so concurrent sign-ins do not block each other.
 */
export const SCRYPT_PARAMS = { N: 16_384, r: 16, p: 1, keyLength: 64 } as const;
const OPTIONS = {
  N: SCRYPT_PARAMS.N,
  r: SCRYPT_PARAMS.r,
  p: SCRYPT_PARAMS.p,
  maxmem: 128 * SCRYPT_PARAMS.N * SCRYPT_PARAMS.r * 2,
};

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString("hex");
  const key = await scrypt(password.normalize("NFKC"), salt, SCRYPT_PARAMS.keyLength, OPTIONS);
  return `${salt}:${key.toString("hex")}`;
}

export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const [salt, key] = hash.split(":");
  if (!salt || !key) return false;
  const expected = Buffer.from(key, "hex");
  const actual = await scrypt(password.normalize("NFKC"), salt, expected.length, OPTIONS);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The 10,000 most common passwords (zxcvbn's list), refused at sign-up and password change. */
const COMMON = new Set(dictionary["passwords-common"].slice(0, 10_000).map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

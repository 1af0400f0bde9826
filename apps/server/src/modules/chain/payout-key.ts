import { readFileSync } from "node:fs";
import type { PayoutKeySource } from "../../config/env";
import { Redacted } from "../../lib/redacted";

const HEX_KEY = /^(0x)?[0-9a-fA-F]{64}$/;

/**
 * The hot wallet's private key from PAYOUT_KEY_<NET> or the file PAYOUT_KEY_FILE_<NET> names
 * (ADR 057). Errors name the variable and the path, never the content.
 */
export function resolvePayoutKey(
  network: string,
  source: PayoutKeySource,
): Redacted<`0x${string}`> {
  if ("key" in source) return source.key;
  let text: string;
  try {
    text = readFileSync(source.file, "utf8").trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    throw new Error(`PAYOUT_KEY_FILE_${network}: cannot read ${source.file} (${code})`);
  }
  if (!HEX_KEY.test(text)) {
    throw new Error(
      `PAYOUT_KEY_FILE_${network}: ${source.file} does not hold a 32-byte hex private key (content not shown)`,
    );
  }
  return new Redacted((text.startsWith("0x") ? text : `0x${text}`) as `0x${string}`);
}

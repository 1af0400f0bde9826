import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { createBase58check } from "@scure/base";
import type { Network } from "../constants";

const base58check = createBase58check(sha256);

/** Why a payout address is not usable on a network: missing, malformed, or a bad checksum. */
export type AddressProblem = "required" | "format" | "checksum";

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The EIP-55 mixed-case checksum form of a 0x + 40 hex address. */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = "0x";
  for (let i = 0; i < lower.length; i++) {
    const c = lower[i] as string;
    out += Number.parseInt(hash[i] as string, 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

/** ERC20/BEP20: 0x + 40 hex; all-lower or all-upper case is accepted, mixed case must be EIP-55. */
function evmAddressProblem(address: string): AddressProblem | null {
  if (!HEX_ADDRESS.test(address)) return "format";
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return null;
  return toChecksumAddress(address) === address ? null : "checksum";
}

/** TRC20: base58check of 21 bytes, the first 0x41 (mainnet), "T…" and 34 characters. */
function tronAddressProblem(address: string): AddressProblem | null {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return "format";
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(address);
  } catch (error) {
    return /checksum/i.test(String((error as Error).message)) ? "checksum" : "format";
  }
  return bytes.length === 21 && bytes[0] === 0x41 ? null : "format";
}

/**
 * What is wrong with a payout address on a network, or null when it is valid. One function for
 * the server, the withdrawal form and Settings → Wallet.
 */
export function walletAddressProblem(network: Network, address: string): AddressProblem | null {
  const value = address.trim();
  if (!value) return "required";
  return network === "TRC20" ? tronAddressProblem(value) : evmAddressProblem(value);
}

export function isValidWalletAddress(network: Network, address: string): boolean {
  return walletAddressProblem(network, address) === null;
}

/** A transaction hash as each network's explorer shows it: 64 hex (TRON), 0x + 64 hex (EVM). */
export function isValidTxHash(network: Network, hash: string): boolean {
  return network === "TRC20" ? /^[0-9a-fA-F]{64}$/.test(hash) : /^0x[0-9a-fA-F]{64}$/.test(hash);
}

const EXPLORERS: Record<Network, string> = {
  TRC20: "https://tronscan.org/#/transaction/",
  ERC20: "https://etherscan.io/tx/",
  BEP20: "https://bscscan.com/tx/",
};

/** The network explorer's page of a transaction. */
export function explorerUrl(network: Network, hash: string): string {
  return `${EXPLORERS[network]}${hash}`;
}

import {
  type Address,
  type Hex,
  isAddressEqual,
  type Log,
  type PublicClient,
  parseAbi,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from "viem";
import type { EvmChainConfig } from "../../config/env";

export const ERC20_ABI = parseAbi([
  "function decimals() view returns (uint8)",
  "function balanceOf(address) view returns (uint256)",
  "function transfer(address to, uint256 value) returns (bool)",
]);
/** keccak256("Transfer(address,address,uint256)"): the ERC-20 Transfer event. */
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
/** A transaction hash; the 0x is optional when pasted (some wallets show it without). */
export const TX_HASH = /^(0x)?[0-9a-fA-F]{64}$/;
export const normalHash = (raw: string) => `0x${raw.toLowerCase().replace(/^0x/, "")}` as Hex;

export interface TokenTransfer {
  token: Address;
  from: Address;
  to: Address;
  value: bigint;
}

/** The ERC-20 Transfer events in a receipt's logs (ERC-721 transfers have a 4th topic: skipped). */
export function tokenTransfers(logs: readonly Log[]): TokenTransfer[] {
  const transfers: TokenTransfer[] = [];
  for (const log of logs) {
    const [topic, from, to] = log.topics;
    if (log.topics.length !== 3 || topic?.toLowerCase() !== TRANSFER_TOPIC) continue;
    if (!from || !to || log.data.length !== 66) continue;
    transfers.push({
      token: log.address,
      from: `0x${from.slice(26)}`,
      to: `0x${to.slice(26)}`,
      value: BigInt(log.data),
    });
  }
  return transfers;
}

/** The newest SEEN_LIMIT hashes' sender and nonce (a bounded memory, oldest forgotten first). */
const SEEN_LIMIT = 10_000;
export class SeenTransactions {
  readonly #map = new Map<string, { from: string; nonce: number }>();

  get(hash: string) {
    return this.#map.get(hash);
  }

  set(hash: string, value: { from: string; nonce: number }) {
    this.#map.delete(hash);
    this.#map.set(hash, value);
    if (this.#map.size > SEEN_LIMIT) {
      const oldest = this.#map.keys().next().value;
      if (oldest !== undefined) this.#map.delete(oldest);
    }
  }
}

export function sameAddress(a: string, b: string): boolean {
  try {
    return isAddressEqual(a as Address, b as Address);
  } catch {
    return false;
  }
}

/** The chain id and the token's decimals, checked and read once per process. */
export type EvmReady = () => Promise<{ chainId: number; decimals: number }>;

/** What the reads and the hot wallet of one network share: its node, configuration and token. */
export interface EvmContext {
  client: PublicClient;
  config: EvmChainConfig;
  token: Address;
  ready: EvmReady;
  /** Hashes seen by this process → sender and nonce, to tell a replacement from a drop. */
  seen: SeenTransactions;
}

export async function receiptOrNull(client: PublicClient, hash: Hex) {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) return null;
    throw error;
  }
}

/** The transaction (remembering its sender and nonce), or null when the node does not know it. */
export async function transactionOrNull(ctx: EvmContext, hash: Hex) {
  try {
    const tx = await ctx.client.getTransaction({ hash });
    ctx.seen.set(hash, { from: tx.from, nonce: tx.nonce });
    return tx;
  } catch (error) {
    if (error instanceof TransactionNotFoundError) return null;
    throw error;
  }
}

export function head(client: PublicClient): Promise<bigint> {
  return client.getBlockNumber({ cacheTime: 0 });
}

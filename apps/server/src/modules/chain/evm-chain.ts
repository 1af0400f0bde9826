import {
  type Address,
  BaseError,
  createPublicClient,
  encodeFunctionData,
  type Hex,
  HttpRequestError,
  http,
  isAddressEqual,
  keccak256,
  type Log,
  type PublicClient,
  parseAbi,
  TimeoutError,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { EvmChainConfig } from "../../config/env";
import type { Redacted } from "../../lib/redacted";
import { BroadcastError, broadcastRefusal } from "./broadcast-error";
import type {
  ChainClient,
  ExpectedPayout,
  HotWallet,
  PayoutCheck,
  PayoutProgress,
  PreparedTransfer,
  ReserveBalance,
} from "./chain.types";
import { microToTokenUnits, tokenUnitsToMicro, tokenUnitsToMicroFloor } from "./token-amount";

const ERC20_ABI = parseAbi([
  "function decimals() view returns (uint8)",
  "function balanceOf(address) view returns (uint256)",
  "function transfer(address to, uint256 value) returns (bool)",
]);
/** keccak256("Transfer(address,address,uint256)"): the ERC-20 Transfer event. */
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
/** A transaction hash; the 0x is optional when pasted (some wallets show it without). */
const TX_HASH = /^(0x)?[0-9a-fA-F]{64}$/;
const normalHash = (raw: string) => `0x${raw.toLowerCase().replace(/^0x/, "")}` as Hex;
/** Used when the node cannot estimate a transfer's gas (a USDT transfer takes ~35–65k). */
const FALLBACK_GAS_LIMIT = 100_000n;

export interface EvmChainOptions {
  /** The hot wallet's key, already resolved (createChains reads PAYOUT_KEY_FILE_<NET>). */
  payoutKey?: Redacted<Hex> | null;
  /** RPC timeout per request, ms (default 10 s). */
  timeoutMs?: number;
}

interface TokenTransfer {
  token: Address;
  from: Address;
  to: Address;
  value: bigint;
}

/** The ERC-20 Transfer events in a receipt's logs (ERC-721 transfers have a 4th topic: skipped). */
function tokenTransfers(logs: readonly Log[]): TokenTransfer[] {
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

/** A node's refusal as a BroadcastError; a network failure (node unreachable) as it is. */
function refusalOrNetworkError(error: unknown, network: string): unknown {
  if (!(error instanceof BaseError)) return error;
  // No answer from the node (unreachable, HTTP failure, timeout): the caller retries; a
  // re-broadcast of the same signed transaction is harmless.
  if (error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError)) return error;
  const text = `${error.shortMessage} ${error.details}`;
  const reason = broadcastRefusal(text);
  if (!reason) return error;
  return new BroadcastError(
    reason,
    `${network}: the node refused the transaction: ${error.details}`,
  );
}

/** The newest SEEN_LIMIT hashes' sender and nonce (a bounded memory, oldest forgotten first). */
const SEEN_LIMIT = 10_000;
class SeenTransactions {
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

function sameAddress(a: string, b: string): boolean {
  try {
    return isAddressEqual(a as Address, b as Address);
  } catch {
    return false;
  }
}

/**
 * ERC20 (Ethereum) and BEP20 (BNB Smart Chain) over JSON-RPC with viem (ADR 057). Reads the
 * USDT Transfer log out of the receipt; counts confirmations as head − block + 1; sends from a
 * hot wallet when a key is configured.
 */
export function createEvmChain(config: EvmChainConfig, options: EvmChainOptions = {}): ChainClient {
  const client: PublicClient = createPublicClient({
    transport: http(config.rpcUrl, { timeout: options.timeoutMs ?? 10_000, retryCount: 1 }),
  });
  const token = config.token as Address;
  /** Hashes seen by this process → sender and nonce, to tell a replacement from a drop. */
  const seen = new SeenTransactions();

  let setup: Promise<{ chainId: number; decimals: number }> | null = null;
  /** Checks the chain id and reads decimals() once; a failed attempt is retried next time. */
  function ready(): Promise<{ chainId: number; decimals: number }> {
    setup ??= (async () => {
      const chainId = await client.getChainId();
      if (config.chainId !== undefined && chainId !== config.chainId) {
        throw new Error(
          `CHAIN_${config.network}_CHAIN_ID is ${config.chainId} but the node at CHAIN_${config.network}_RPC_URL answers chain id ${chainId}: wrong network`,
        );
      }
      const decimals =
        config.tokenDecimals ??
        Number(
          await client.readContract({ address: token, abi: ERC20_ABI, functionName: "decimals" }),
        );
      return { chainId, decimals };
    })().catch((error: unknown) => {
      setup = null;
      throw error;
    });
    return setup;
  }

  async function receiptOrNull(hash: Hex) {
    try {
      return await client.getTransactionReceipt({ hash });
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw error;
    }
  }

  async function transactionOrNull(hash: Hex) {
    try {
      const tx = await client.getTransaction({ hash });
      seen.set(hash, { from: tx.from, nonce: tx.nonce });
      return tx;
    } catch (error) {
      if (error instanceof TransactionNotFoundError) return null;
      throw error;
    }
  }

  async function head(): Promise<bigint> {
    return client.getBlockNumber({ cacheTime: 0 });
  }

  async function verifyPayout(txHash: string, expected: ExpectedPayout): Promise<PayoutCheck> {
    const raw = txHash.trim();
    if (!TX_HASH.test(raw)) return { ok: false, reason: "MALFORMED_HASH" };
    const hash = normalHash(raw);
    const { decimals } = await ready();
    const receipt = await receiptOrNull(hash);
    if (!receipt) {
      const pending = await transactionOrNull(hash);
      return { ok: false, reason: pending ? "UNCONFIRMED" : "NOT_FOUND" };
    }
    if (receipt.status !== "success") return { ok: false, reason: "REVERTED" };
    const transfers = tokenTransfers(receipt.logs);
    if (transfers.length === 0) return { ok: false, reason: "NO_TOKEN_TRANSFER" };
    const ofToken = transfers.filter((t) => sameAddress(t.token, token));
    if (ofToken.length === 0) {
      const first = transfers[0] as TokenTransfer;
      return { ok: false, reason: "WRONG_TOKEN", actual: { token: first.token, to: first.to } };
    }
    const toMember = ofToken.filter((t) => sameAddress(t.to, expected.to));
    const describe = (t: TokenTransfer) => {
      const micro = tokenUnitsToMicro(t.value, decimals);
      return {
        to: t.to,
        ...(micro === null ? {} : { amountMicroUsdt: micro }),
        amountRaw: t.value,
        decimals,
      };
    };
    if (toMember.length === 0) {
      return {
        ok: false,
        reason: "WRONG_RECIPIENT",
        actual: describe(ofToken[0] as TokenTransfer),
      };
    }
    const wanted = microToTokenUnits(expected.amountMicroUsdt, decimals);
    if (!toMember.some((t) => t.value === wanted)) {
      return { ok: false, reason: "WRONG_AMOUNT", actual: describe(toMember[0] as TokenTransfer) };
    }
    const [tip, tx] = await Promise.all([head(), transactionOrNull(hash)]);
    return {
      ok: true,
      txHash: hash,
      blockNumber: receipt.blockNumber,
      confirmations: Math.max(0, Number(tip - receipt.blockNumber + 1n)),
      from: receipt.from,
      ...(tx ? { nonce: tx.nonce } : {}),
    };
  }

  async function progress(
    txHash: string,
    sentBy?: { from: string; nonce: number },
  ): Promise<PayoutProgress> {
    const raw = txHash.trim();
    if (!TX_HASH.test(raw)) throw new Error(`${config.network}: not a transaction hash`);
    const hash = normalHash(raw);
    // On the wrong network every payout would look DROPPED: fail loudly instead.
    await ready();
    const receipt = await receiptOrNull(hash);
    if (receipt) {
      if (receipt.status !== "success") return { state: "gone", reason: "REVERTED" };
      const [tip, block] = await Promise.all([
        head(),
        client.getBlock({ blockNumber: receipt.blockNumber }).catch(() => null),
      ]);
      // The receipt's block is no longer the canonical one at that height: reorganised away,
      // the transaction may come back in another block; count nothing until it does.
      if (!block || block.hash !== receipt.blockHash) return { state: "pending", confirmations: 0 };
      const confirmations = Math.max(0, Number(tip - receipt.blockNumber + 1n));
      return {
        state: confirmations >= config.confirmations ? "confirmed" : "pending",
        confirmations,
      };
    }
    const pending = await transactionOrNull(hash);
    const sender = sentBy ?? seen.get(hash);
    if (sender) {
      // Another transaction of the same sender used this nonce: this one can never be mined.
      const mined = await client.getTransactionCount({
        address: sender.from as Address,
        blockTag: "latest",
      });
      if (mined > sender.nonce) return { state: "gone", reason: "REPLACED" };
    }
    return pending ? { state: "pending", confirmations: 0 } : { state: "gone", reason: "DROPPED" };
  }

  return {
    network: config.network,
    requiredConfirmations: config.confirmations,
    explorerUrl: (txHash) => config.explorer.replaceAll("{hash}", txHash),
    verifyPayout,
    progress,
    async reserveBalance(address: string): Promise<ReserveBalance> {
      const { decimals } = await ready();
      // One block for the read, recorded with it: anyone can read the same figure at that height.
      const blockNumber = await head();
      const raw = await client.readContract({
        address: token,
        abi: ERC20_ABI,
        functionName: "balanceOf",
        args: [address as Address],
        blockNumber,
      });
      return { blockNumber, raw, decimals, token };
    },
    hotWallet: options.payoutKey
      ? createHotWallet({ client, config, token, key: options.payoutKey, ready, seen })
      : null,
    async ready() {
      await ready();
    },
  };
}

/** What a network's hot wallet is built from: its node, configuration, token and signing key. */
interface HotWalletOptions {
  client: PublicClient;
  config: EvmChainConfig;
  token: Address;
  key: Redacted<Hex>;
  ready: () => Promise<{ chainId: number; decimals: number }>;
  seen: SeenTransactions;
}

function createHotWallet(options: HotWalletOptions): HotWallet {
  const { client, config, token, key, ready, seen } = options;
  const account = privateKeyToAccount(key.reveal());
  const address = account.address;

  return {
    address,
    dailyCapMicroUsdt: config.dailyCapMicroUsdt,

    async balances() {
      const { decimals } = await ready();
      const [units, gasWei] = await Promise.all([
        client.readContract({
          address: token,
          abi: ERC20_ABI,
          functionName: "balanceOf",
          args: [address],
          blockTag: "pending",
        }),
        client.getBalance({ address, blockTag: "pending" }),
      ]);
      return { tokenMicroUsdt: tokenUnitsToMicroFloor(units, decimals), gasWei };
    },

    signMessage: (message) => account.signMessage({ message }),

    async pendingNonce() {
      await ready();
      return client.getTransactionCount({ address, blockTag: "pending" });
    },

    async prepareTransfer(input): Promise<PreparedTransfer> {
      const { chainId, decimals } = await ready();
      if (!/^0x[0-9a-fA-F]{40}$/.test(input.to)) {
        throw new Error(`${config.network}: ${input.to} is not an address`);
      }
      if (input.amountMicroUsdt <= 0n)
        throw new Error(`${config.network}: amount must be positive`);
      const data = encodeFunctionData({
        abi: ERC20_ABI,
        functionName: "transfer",
        args: [
          input.to.toLowerCase() as Address,
          microToTokenUnits(input.amountMicroUsdt, decimals),
        ],
      });
      const fees = input.fees ?? (await client.estimateFeesPerGas());
      let gas: bigint;
      try {
        // Estimated against the latest state: a transfer that would revert (balance too low)
        // fails here, before anything is signed.
        gas = ((await client.estimateGas({ account: address, to: token, data })) * 12n) / 10n;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (/revert|insufficient|balance/i.test(message)) {
          throw new Error(`${config.network}: the transfer would fail: ${message.split("\n")[0]}`);
        }
        gas = FALLBACK_GAS_LIMIT;
      }
      const rawTransaction = await account.signTransaction({
        type: "eip1559",
        chainId,
        nonce: input.nonce,
        to: token,
        data,
        value: 0n,
        gas,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
      const txHash = keccak256(rawTransaction);
      seen.set(txHash, { from: address, nonce: input.nonce });
      return {
        nonce: input.nonce,
        rawTransaction,
        txHash,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      };
    },

    async broadcast(rawTransaction) {
      try {
        await client.sendRawTransaction({ serializedTransaction: rawTransaction });
      } catch (error) {
        // Re-broadcasting a transaction the node already has (in the pool or mined) is success:
        // "already known", "nonce too low" for this very transaction, … — checked by its hash.
        const hash = keccak256(rawTransaction);
        const known = await client.getTransaction({ hash }).catch(() => null);
        if (known) return;
        throw refusalOrNetworkError(error, config.network);
      }
    },
  };
}

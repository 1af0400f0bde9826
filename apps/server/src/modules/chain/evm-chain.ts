import { type Address, createPublicClient, type Hex, http, type PublicClient } from "viem";
import type { EvmChainConfig } from "../../config/env";
import type { Redacted } from "../../lib/redacted";
import type {
  ChainClient,
  ExpectedPayout,
  PayoutCheck,
  PayoutProgress,
  ReserveBalance,
} from "./chain.types";
import { createHotWallet } from "./evm-hot-wallet";
import {
  ERC20_ABI,
  type EvmContext,
  type EvmReady,
  head,
  normalHash,
  receiptOrNull,
  SeenTransactions,
  sameAddress,
  type TokenTransfer,
  TX_HASH,
  tokenTransfers,
  transactionOrNull,
} from "./evm-transfers";
import { microToTokenUnits, tokenUnitsToMicro } from "./token-amount";

export interface EvmChainOptions {
  /** The hot wallet's key, already resolved (createChains reads PAYOUT_KEY_FILE_<NET>). */
  payoutKey?: Redacted<Hex> | null;
  /** RPC timeout per request, ms (default 10 s). */
  timeoutMs?: number;
}

/** Checks the chain id and reads decimals() once; a failed attempt is retried next time. */
function readyOnce(client: PublicClient, config: EvmChainConfig, token: Address): EvmReady {
  let setup: Promise<{ chainId: number; decimals: number }> | null = null;
  return () => {
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
  };
}

/** Checks a mined receipt's token transfers against the expected payout (token, recipient, amount). */
function transferProblem(
  ctx: EvmContext,
  logs: Parameters<typeof tokenTransfers>[0],
  expected: ExpectedPayout,
  decimals: number,
): PayoutCheck | null {
  const transfers = tokenTransfers(logs);
  if (transfers.length === 0) return { ok: false, reason: "NO_TOKEN_TRANSFER" };
  const ofToken = transfers.filter((t) => sameAddress(t.token, ctx.token));
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
    return { ok: false, reason: "WRONG_RECIPIENT", actual: describe(ofToken[0] as TokenTransfer) };
  }
  const wanted = microToTokenUnits(expected.amountMicroUsdt, decimals);
  if (!toMember.some((t) => t.value === wanted)) {
    return { ok: false, reason: "WRONG_AMOUNT", actual: describe(toMember[0] as TokenTransfer) };
  }
  return null;
}

async function verifyPayout(
  ctx: EvmContext,
  txHash: string,
  expected: ExpectedPayout,
): Promise<PayoutCheck> {
  const raw = txHash.trim();
  if (!TX_HASH.test(raw)) return { ok: false, reason: "MALFORMED_HASH" };
  const hash = normalHash(raw);
  const { decimals } = await ctx.ready();
  const receipt = await receiptOrNull(ctx.client, hash);
  if (!receipt) {
    const pending = await transactionOrNull(ctx, hash);
    return { ok: false, reason: pending ? "UNCONFIRMED" : "NOT_FOUND" };
  }
  if (receipt.status !== "success") return { ok: false, reason: "REVERTED" };
  const problem = transferProblem(ctx, receipt.logs, expected, decimals);
  if (problem) return problem;
  const [tip, tx] = await Promise.all([head(ctx.client), transactionOrNull(ctx, hash)]);
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
  ctx: EvmContext,
  txHash: string,
  sentBy?: { from: string; nonce: number },
): Promise<PayoutProgress> {
  const { client, config } = ctx;
  const raw = txHash.trim();
  if (!TX_HASH.test(raw)) throw new Error(`${config.network}: not a transaction hash`);
  const hash = normalHash(raw);
  // On the wrong network every payout would look DROPPED: fail loudly instead.
  await ctx.ready();
  const receipt = await receiptOrNull(client, hash);
  if (receipt) {
    if (receipt.status !== "success") return { state: "gone", reason: "REVERTED" };
    const [tip, block] = await Promise.all([
      head(client),
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
  const pending = await transactionOrNull(ctx, hash);
  const sender = sentBy ?? ctx.seen.get(hash);
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

async function reserveBalance(ctx: EvmContext, address: string): Promise<ReserveBalance> {
  const { decimals } = await ctx.ready();
  // One block for the read, recorded with it: anyone can read the same figure at that height.
  const blockNumber = await head(ctx.client);
  const raw = await ctx.client.readContract({
    address: ctx.token,
    abi: ERC20_ABI,
    functionName: "balanceOf",
    args: [address as Address],
    blockNumber,
  });
  return { blockNumber, raw, decimals, token: ctx.token };
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
  const ctx: EvmContext = {
    client,
    config,
    token,
    ready: readyOnce(client, config, token),
    seen: new SeenTransactions(),
  };
  return {
    network: config.network,
    requiredConfirmations: config.confirmations,
    explorerUrl: (txHash) => config.explorer.replaceAll("{hash}", txHash),
    verifyPayout: (txHash, expected) => verifyPayout(ctx, txHash, expected),
    progress: (txHash, sentBy) => progress(ctx, txHash, sentBy),
    reserveBalance: (address) => reserveBalance(ctx, address),
    hotWallet: options.payoutKey ? createHotWallet(ctx, options.payoutKey) : null,
    async ready() {
      await ctx.ready();
    },
  };
}

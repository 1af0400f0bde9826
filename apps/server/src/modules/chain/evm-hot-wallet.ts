import {
  type Address,
  BaseError,
  encodeFunctionData,
  type Hex,
  HttpRequestError,
  keccak256,
  TimeoutError,
} from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import type { Redacted } from "../../lib/redacted";
import { BroadcastError, broadcastRefusal } from "./broadcast-error";
import type { HotWallet, PreparedTransfer } from "./chain.types";
import { ERC20_ABI, type EvmContext } from "./evm-transfers";
import { microToTokenUnits, tokenUnitsToMicroFloor } from "./token-amount";

/** Used when the node cannot estimate a transfer's gas (a USDT transfer takes ~35–65k). */
const FALLBACK_GAS_LIMIT = 100_000n;

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

type TransferInput = Parameters<HotWallet["prepareTransfer"]>[0];

/** The transfer's gas: estimated with a margin, or the fallback; a transfer that would revert throws. */
async function transferGas(ctx: EvmContext, address: Address, data: Hex): Promise<bigint> {
  try {
    // Estimated against the latest state: a transfer that would revert (balance too low)
    // fails here, before anything is signed.
    return ((await ctx.client.estimateGas({ account: address, to: ctx.token, data })) * 12n) / 10n;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/revert|insufficient|balance/i.test(message)) {
      throw new Error(`${ctx.config.network}: the transfer would fail: ${message.split("\n")[0]}`);
    }
    return FALLBACK_GAS_LIMIT;
  }
}

/** Signs (never sends) the token transfer of one payout at the given nonce. */
async function prepareTransfer(
  ctx: EvmContext,
  account: PrivateKeyAccount,
  input: TransferInput,
): Promise<PreparedTransfer> {
  const { client, config, token } = ctx;
  const { chainId, decimals } = await ctx.ready();
  if (!/^0x[0-9a-fA-F]{40}$/.test(input.to)) {
    throw new Error(`${config.network}: ${input.to} is not an address`);
  }
  if (input.amountMicroUsdt <= 0n) throw new Error(`${config.network}: amount must be positive`);
  const data = encodeFunctionData({
    abi: ERC20_ABI,
    functionName: "transfer",
    args: [input.to.toLowerCase() as Address, microToTokenUnits(input.amountMicroUsdt, decimals)],
  });
  const fees = input.fees ?? (await client.estimateFeesPerGas());
  const gas = await transferGas(ctx, account.address, data);
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
  ctx.seen.set(txHash, { from: account.address, nonce: input.nonce });
  return {
    nonce: input.nonce,
    rawTransaction,
    txHash,
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
  };
}

async function broadcast(ctx: EvmContext, rawTransaction: Hex): Promise<void> {
  try {
    await ctx.client.sendRawTransaction({ serializedTransaction: rawTransaction });
  } catch (error) {
    // Re-broadcasting a transaction the node already has (in the pool or mined) is success:
    // "already known", "nonce too low" for this very transaction, … — checked by its hash.
    const hash = keccak256(rawTransaction);
    const known = await ctx.client.getTransaction({ hash }).catch(() => null);
    if (known) return;
    throw refusalOrNetworkError(error, ctx.config.network);
  }
}

/** A network's hot wallet: its node and configuration (the context) and its signing key. */
export function createHotWallet(ctx: EvmContext, key: Redacted<Hex>): HotWallet {
  const { client, config, token, ready } = ctx;
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

    prepareTransfer: (input) => prepareTransfer(ctx, account, input),
    broadcast: (rawTransaction) => broadcast(ctx, rawTransaction),
  };
}

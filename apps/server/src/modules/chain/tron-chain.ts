import type { TronChainConfig } from "../../config/env";
import type {
  ChainClient,
  ExpectedPayout,
  PayoutCheck,
  PayoutProgress,
  ReserveBalance,
} from "./chain.types";
import { microToTokenUnits, tokenUnitsToMicro } from "./token-amount";
import { hexToTron, tronToHex20 } from "./tron-address";

/** keccak256("Transfer(address,address,uint256)"), as Tron writes topics: hex without 0x. */
const TRANSFER_TOPIC = "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const TX_ID = /^(0x)?[0-9a-fA-F]{64}$/;
/** USDT on Tron has 6 decimals, like micro-USDT. */
const TRC20_USDT_DECIMALS = 6;
/**
 * Tron's blocks become irreversible ("solidified") once 2/3 of the 27 super representatives
 * built on them: 19 blocks, about a minute. Shown as the required depth; the rule itself is
 * "/walletsolidity knows the transaction", whatever the count.
 */
const SOLIDIFIED_DEPTH = 19;

/** The parts of TronGrid's /wallet/gettransactioninfobyid answer we read ({} when unknown). */
interface TransactionInfo {
  id?: string;
  blockNumber?: number;
  result?: string; // "FAILED" when the contract call failed (absent on success)
  receipt?: { result?: string }; // "SUCCESS", "REVERT", "OUT_OF_ENERGY", …
  log?: { address: string; topics?: string[]; data?: string }[];
}

interface TokenTransfer {
  token: string; // 20-byte hex
  to: string; // 20-byte hex
  value: bigint;
}

export interface TronChainOptions {
  /** Per request, ms (default 10 s). */
  timeoutMs?: number;
}

function reverted(info: TransactionInfo): boolean {
  return info.result === "FAILED" || (!!info.receipt?.result && info.receipt.result !== "SUCCESS");
}

function transfersIn(info: TransactionInfo): TokenTransfer[] {
  const transfers: TokenTransfer[] = [];
  for (const log of info.log ?? []) {
    const topics = (log.topics ?? []).map((t) => t.toLowerCase().replace(/^0x/, ""));
    if (topics.length !== 3 || topics[0] !== TRANSFER_TOPIC) continue;
    const data = (log.data ?? "").replace(/^0x/, "");
    if (!/^[0-9a-fA-F]{64}$/.test(data)) continue;
    transfers.push({
      token: log.address.toLowerCase().replace(/^(0x|41(?=[0-9a-f]{40}$))/, ""),
      to: (topics[2] as string).slice(24),
      value: BigInt(`0x${data}`),
    });
  }
  return transfers;
}

/** Tron's HTTP API at the configured node: the calls the chain client makes. */
function tronApi(config: TronChainConfig, options: TronChainOptions) {
  const base = config.rpcUrl.replace(/\/+$/, "");
  async function post<T>(path: string, body: object): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        ...(config.apiKey ? { "TRON-PRO-API-KEY": config.apiKey.reveal() } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    if (!res.ok) throw new Error(`TRC20 ${path}: HTTP ${res.status}`);
    return (await res.json()) as T;
  }

  const info = (solidified: boolean, id: string) =>
    post<TransactionInfo>(`/${solidified ? "walletsolidity" : "wallet"}/gettransactioninfobyid`, {
      value: id,
    });
  const transaction = (id: string) =>
    post<{ txID?: string }>("/wallet/gettransactionbyid", { value: id });
  async function head(): Promise<number> {
    const block = await post<{ block_header?: { raw_data?: { number?: number } } }>(
      "/wallet/getnowblock",
      {},
    );
    const number = block.block_header?.raw_data?.number;
    if (typeof number !== "number") throw new Error("TRC20 /wallet/getnowblock: no block number");
    return number;
  }
  return { post, info, transaction, head };
}

type TronApi = ReturnType<typeof tronApi>;

/** Checks a transaction's token transfers against the expected payout (token, recipient, amount). */
function transferProblem(
  found: TransactionInfo,
  tokenHex: string,
  expected: ExpectedPayout,
): PayoutCheck | null {
  const transfers = transfersIn(found);
  if (transfers.length === 0) return { ok: false, reason: "NO_TOKEN_TRANSFER" };
  const ofToken = transfers.filter((t) => t.token === tokenHex);
  if (ofToken.length === 0) {
    const first = transfers[0] as TokenTransfer;
    return {
      ok: false,
      reason: "WRONG_TOKEN",
      actual: { token: hexToTron(first.token), to: hexToTron(first.to) },
    };
  }
  const member = tronToHex20(expected.to);
  const describe = (t: TokenTransfer) => {
    const micro = tokenUnitsToMicro(t.value, TRC20_USDT_DECIMALS);
    return {
      to: hexToTron(t.to),
      ...(micro === null ? {} : { amountMicroUsdt: micro }),
      amountRaw: t.value,
      decimals: TRC20_USDT_DECIMALS,
    };
  };
  const toMember = ofToken.filter((t) => t.to === member);
  if (toMember.length === 0) {
    return {
      ok: false,
      reason: "WRONG_RECIPIENT",
      actual: describe(ofToken[0] as TokenTransfer),
    };
  }
  const wanted = microToTokenUnits(expected.amountMicroUsdt, TRC20_USDT_DECIMALS);
  if (!toMember.some((t) => t.value === wanted)) {
    return { ok: false, reason: "WRONG_AMOUNT", actual: describe(toMember[0] as TokenTransfer) };
  }
  return null;
}

/**
 * balanceOf through /wallet/triggerconstantcontract. Tron's HTTP API reads the current state
 * only: the block recorded is the head read just before (ADR 068 says what that proves).
 */
async function reserveBalance(
  api: TronApi,
  config: TronChainConfig,
  tokenHex: string,
  address: string,
): Promise<ReserveBalance> {
  const { post, head } = api;
  const holder = tronToHex20(address);
  if (!holder) throw new Error(`TRC20: ${address} is not a Tron address`);
  const blockNumber = await head();
  const answer = await post<{ constant_result?: string[] }>("/wallet/triggerconstantcontract", {
    owner_address: `41${holder}`,
    contract_address: `41${tokenHex}`,
    function_selector: "balanceOf(address)",
    parameter: holder.padStart(64, "0"),
  });
  const result = answer.constant_result?.[0];
  if (!result || !/^[0-9a-fA-F]{1,64}$/.test(result))
    throw new Error("TRC20 /wallet/triggerconstantcontract: no balance");
  return {
    blockNumber: BigInt(blockNumber),
    raw: BigInt(`0x${result}`),
    decimals: TRC20_USDT_DECIMALS,
    token: config.token,
  };
}

/**
 * TRC20 (Tron) over Tron's HTTP API (ADR 057): the USDT transfer is the Transfer log of the token
 * contract in /wallet/gettransactioninfobyid; a payout is confirmed only when /walletsolidity
 * returns it (a solidified block), never on a broadcast's result:true. No sending (no hot wallet).
 */
export function createTronChain(
  config: TronChainConfig,
  options: TronChainOptions = {},
): ChainClient {
  const hex = tronToHex20(config.token);
  if (!hex) throw new Error(`CHAIN_TRC20_TOKEN: ${config.token} is not a Tron address`);
  const tokenHex: string = hex;
  const api = tronApi(config, options);
  const { info, transaction, head } = api;

  const depth = (tip: number, block: number) => Math.max(0, tip - block + 1);

  async function verifyPayout(txHash: string, expected: ExpectedPayout): Promise<PayoutCheck> {
    const raw = txHash.trim();
    if (!TX_ID.test(raw)) return { ok: false, reason: "MALFORMED_HASH" };
    const id = raw.toLowerCase().replace(/^0x/, "");
    const found = await info(false, id);
    if (!found.id || found.blockNumber === undefined) {
      // Known to the node but not in a block yet (or not at all).
      const body = await transaction(id);
      return { ok: false, reason: body.txID ? "UNCONFIRMED" : "NOT_FOUND" };
    }
    if (reverted(found)) return { ok: false, reason: "REVERTED" };
    const problem = transferProblem(found, tokenHex, expected);
    if (problem) return problem;
    return {
      ok: true,
      txHash: id,
      blockNumber: BigInt(found.blockNumber),
      confirmations: depth(await head(), found.blockNumber),
    };
  }

  async function progress(txHash: string): Promise<PayoutProgress> {
    const raw = txHash.trim();
    if (!TX_ID.test(raw)) throw new Error("TRC20: not a transaction id");
    const id = raw.toLowerCase().replace(/^0x/, "");
    const solid = await info(true, id);
    if (solid.id && solid.blockNumber !== undefined) {
      if (reverted(solid)) return { state: "gone", reason: "REVERTED" };
      return { state: "confirmed", confirmations: depth(await head(), solid.blockNumber) };
    }
    const found = await info(false, id);
    if (found.id && found.blockNumber !== undefined) {
      if (reverted(found)) return { state: "gone", reason: "REVERTED" };
      // In a block that is not solidified yet: never "confirmed", whatever the count says.
      const confirmations = Math.min(depth(await head(), found.blockNumber), SOLIDIFIED_DEPTH - 1);
      return { state: "pending", confirmations };
    }
    const body = await transaction(id);
    return body.txID
      ? { state: "pending", confirmations: 0 }
      : { state: "gone", reason: "DROPPED" };
  }

  return {
    network: "TRC20",
    reserveBalance: (address) => reserveBalance(api, config, tokenHex, address),
    requiredConfirmations: SOLIDIFIED_DEPTH,
    explorerUrl: (txHash) => config.explorer.replaceAll("{hash}", txHash),
    verifyPayout,
    progress,
    hotWallet: null,
    async ready() {
      await head();
    },
  };
}

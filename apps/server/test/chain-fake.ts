import type { Network } from "@viewvault/shared";
import type {
  ChainClient,
  ExpectedPayout,
  HotWallet,
  PayoutCheck,
  PayoutProgress,
  PreparedTransfer,
  ReserveBalance,
} from "../src/modules/chain/chain.types";

/** A transaction the fake chain knows: a USDT transfer (or not), mined at some depth. */
export interface FakeTx {
  to: string;
  amountMicroUsdt: bigint;
  token?: "USDT" | string;
  /** null: in the mempool; a number: confirmations so far. */
  confirmations: number | null;
  reverted?: boolean;
  gone?: "DROPPED" | "REVERTED" | "REPLACED";
  nonce?: number;
  raw?: string;
  /** An amount that is not a whole micro-USDT (18 decimals): the client reports it raw. */
  dustRaw?: bigint;
}

/**
 * An in-memory ChainClient for route tests (ADR 058): tests put transactions on it, move their
 * confirmations and make them disappear. With `hotWallet: true` it signs (deterministically) and
 * "broadcasts" into its own map; `broadcasts` counts every broadcast by hash.
 */
export class FakeChain implements ChainClient {
  readonly txs = new Map<string, FakeTx>();
  readonly broadcasts = new Map<string, number>();
  readonly signed: PreparedTransfer[] = [];
  requiredConfirmations = 3;
  hotWallet: HotWallet | null = null;
  tokenMicroUsdt = 1_000_000n * 1_000_000n;
  gasWei = 10n ** 18n;
  chainNonce = 0;
  down = false;

  constructor(
    readonly network: Network,
    options: { hotWallet?: boolean } = {},
  ) {
    if (options.hotWallet) this.hotWallet = this.makeHotWallet();
  }

  /** The hot wallet's USDT at block 1234 (proof of reserves). */
  async reserveBalance(_address: string): Promise<ReserveBalance> {
    if (this.down) throw new Error("node down");
    return { blockNumber: 1234n, raw: this.tokenMicroUsdt, decimals: 6, token: "0xusdt" };
  }

  explorerUrl(txHash: string): string {
    return `https://explorer.test/${this.network}/tx/${txHash}`;
  }

  /** Puts a mined (or pending) transfer on the chain; returns its hash. */
  put(hash: string, tx: FakeTx): string {
    this.txs.set(hash.toLowerCase(), tx);
    return hash.toLowerCase();
  }

  async verifyPayout(txHash: string, expected: ExpectedPayout): Promise<PayoutCheck> {
    if (this.down) throw new Error("node down");
    if (!/^0x[0-9a-fA-F]{64}$/.test(txHash)) return { ok: false, reason: "MALFORMED_HASH" };
    const tx = this.txs.get(txHash.toLowerCase());
    if (!tx) return { ok: false, reason: "NOT_FOUND" };
    if (tx.confirmations === null) return { ok: false, reason: "UNCONFIRMED" };
    if (tx.reverted) return { ok: false, reason: "REVERTED" };
    if (tx.token === "none") return { ok: false, reason: "NO_TOKEN_TRANSFER" };
    if (tx.token && tx.token !== "USDT")
      return { ok: false, reason: "WRONG_TOKEN", actual: { token: tx.token } };
    if (tx.dustRaw !== undefined)
      return { ok: false, reason: "WRONG_AMOUNT", actual: { amountRaw: tx.dustRaw, decimals: 18 } };
    if (tx.to.toLowerCase() !== expected.to.toLowerCase())
      return { ok: false, reason: "WRONG_RECIPIENT", actual: { to: tx.to } };
    if (tx.amountMicroUsdt !== expected.amountMicroUsdt)
      return {
        ok: false,
        reason: "WRONG_AMOUNT",
        actual: { amountMicroUsdt: tx.amountMicroUsdt },
      };
    return {
      ok: true,
      txHash: txHash.toLowerCase(),
      blockNumber: 100n,
      confirmations: tx.confirmations,
    };
  }

  async progress(txHash: string): Promise<PayoutProgress> {
    if (this.down) throw new Error("node down");
    const tx = this.txs.get(txHash.toLowerCase());
    if (!tx) return { state: "gone", reason: "DROPPED" };
    if (tx.gone) return { state: "gone", reason: tx.gone };
    const confirmations = tx.confirmations ?? 0;
    return confirmations >= this.requiredConfirmations
      ? { state: "confirmed", confirmations }
      : { state: "pending", confirmations };
  }

  private makeHotWallet(): HotWallet {
    return {
      address: "0x00000000000000000000000000000000000000aa",
      balances: async () => ({ tokenMicroUsdt: this.tokenMicroUsdt, gasWei: this.gasWei }),
      pendingNonce: async () => this.chainNonce,
      // Not a real signature: the reserves service verifies EVM signatures, so it counts nothing.
      signMessage: async () => `0x${"00".repeat(65)}` as `0x${string}`,
      prepareTransfer: async ({ to, amountMicroUsdt, nonce, fees }) => {
        const maxFeePerGas = fees?.maxFeePerGas ?? 1_000_000_000n;
        const maxPriorityFeePerGas = fees?.maxPriorityFeePerGas ?? 100_000_000n;
        const body = `${to}:${amountMicroUsdt}:${nonce}:${maxFeePerGas}`;
        const hex = Buffer.from(body).toString("hex");
        const digest = (await crypto.subtle.digest("SHA-256", Buffer.from(body))) as ArrayBuffer;
        const txHash = `0x${Buffer.from(digest).toString("hex")}` as `0x${string}`;
        const prepared = {
          nonce,
          rawTransaction: `0x${hex}` as `0x${string}`,
          txHash,
          maxFeePerGas,
          maxPriorityFeePerGas,
        };
        this.signed.push(prepared);
        return prepared;
      },
      broadcast: async (raw) => {
        if (this.down) throw new Error("node down");
        const body = Buffer.from(raw.slice(2), "hex").toString();
        const [to = "", amount = "0", nonce = "0"] = body.split(":");
        const digest = (await crypto.subtle.digest("SHA-256", Buffer.from(body))) as ArrayBuffer;
        const hash = `0x${Buffer.from(digest).toString("hex")}`;
        this.broadcasts.set(hash, (this.broadcasts.get(hash) ?? 0) + 1);
        if (!this.txs.has(hash)) {
          this.txs.set(hash, {
            to,
            amountMicroUsdt: BigInt(amount),
            confirmations: null,
            nonce: Number(nonce),
            raw,
          });
          this.chainNonce = Math.max(this.chainNonce, Number(nonce) + 1);
        }
      },
    };
  }

  /** Mines every pending transaction and adds `n` confirmations to each mined one. */
  mine(n = 1): void {
    for (const tx of this.txs.values()) {
      if (tx.gone) continue;
      tx.confirmations = (tx.confirmations ?? 0) + n;
    }
  }
}

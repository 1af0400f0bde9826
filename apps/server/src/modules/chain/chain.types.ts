import type { Network } from "@viewvault/shared";

/**
 * The one interface between withdrawals and a blockchain (ADR 057). Each network
 * (ERC20, BEP20 with viem; TRC20 with Tron's HTTP API) implements it; a network without an RPC
 * configured has no client and stays in manual mode (staff paste a hash, nothing is checked).
 * Amounts are always micro-USDT (6 decimals) here; each client converts to its token's decimals
 * (6 on Ethereum and Tron, 18 on BNB Smart Chain).
 */

/** What a payout must be: the member's address and the net amount after the fee. */
export interface ExpectedPayout {
  to: string;
  amountMicroUsdt: bigint;
}

/** Why a hash does not pay the withdrawal; each has its own message in the error catalogue. */
export type PayoutMismatch =
  | "MALFORMED_HASH"
  | "NOT_FOUND" // not on this network (or not yet seen by the node)
  | "UNCONFIRMED" // seen, but not in a block yet: paste it again once it is mined
  | "REVERTED" // mined but failed
  | "NO_TOKEN_TRANSFER" // no transfer of any token in the transaction
  | "WRONG_TOKEN" // a transfer, but not of this network's USDT contract
  | "WRONG_RECIPIENT"
  | "WRONG_AMOUNT";

export type PayoutCheck =
  | {
      ok: true;
      txHash: string; // normalised (0x-lowercase on EVM, lowercase hex on Tron)
      blockNumber: bigint | null; // null while only in the mempool
      confirmations: number; // 0 while pending
      /** Sender and nonce (EVM): keep them and pass them to progress() to tell REPLACED from DROPPED. */
      from?: string;
      nonce?: number;
    }
  | {
      ok: false;
      reason: PayoutMismatch;
      /** What the chain shows, for the message ("sent 99.00 USDT, expected 98.00 USDT"). */
      actual?: {
        to?: string;
        /** Absent when the amount is not a whole micro-USDT (dust on an 18-decimal token). */
        amountMicroUsdt?: bigint;
        token?: string;
        /** The amount in the token's own units and its decimals, exactly as on chain. */
        amountRaw?: bigint;
        decimals?: number;
      };
    };

/** Where a verified transaction stands now (the confirmations job asks this). */
export type PayoutProgress =
  | { state: "pending"; confirmations: number } // in the mempool or below the required depth
  | { state: "confirmed"; confirmations: number } // at or past the network's required depth
  | { state: "gone"; reason: "DROPPED" | "REVERTED" | "REPLACED" }; // no longer pays

/** Sending from a hot wallet (EVM only, optional: needs a key). */
export interface PreparedTransfer {
  nonce: number;
  rawTransaction: `0x${string}`; // signed, ready to broadcast; re-broadcasting it is harmless
  txHash: `0x${string}`;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/**
 * Why a node refused a broadcast (`HotWallet.broadcast` throws a `BroadcastError` with it):
 * NONCE_USED — another transaction already used the nonce (this one can never be mined);
 * UNDERPRICED — a replacement's fees are not enough above the pending transaction's;
 * INSUFFICIENT_FUNDS — not enough gas coin for gas × fee; REJECTED — anything else the node
 * refused. A network failure (node unreachable) is a plain Error: re-broadcasting is harmless.
 */
export type BroadcastRefusal = "NONCE_USED" | "UNDERPRICED" | "INSUFFICIENT_FUNDS" | "REJECTED";

export interface HotWallet {
  address: string;
  /** CHAIN_<NET>_DAILY_CAP_USDT: outflow per UTC day the payout flow enforces; null = no cap. */
  dailyCapMicroUsdt?: bigint | null;
  /** Token balance (micro-USDT) and native gas balance (wei) of the hot wallet. */
  balances(): Promise<{ tokenMicroUsdt: bigint; gasWei: bigint }>;
  /** The next nonce the chain expects from the hot wallet (pending block). */
  pendingNonce(): Promise<number>;
  /** Signs a USDT transfer; no network write. `fees` omitted = the node's current estimate. */
  prepareTransfer(input: {
    to: string;
    amountMicroUsdt: bigint;
    nonce: number;
    fees?: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
  }): Promise<PreparedTransfer>;
  /**
   * Broadcasts a signed transaction; "already known" / "nonce too low for the same tx" is success.
   * A refusal throws a BroadcastError (broadcast-error.ts) naming a BroadcastRefusal.
   */
  broadcast(rawTransaction: `0x${string}`): Promise<void>;
  /** Signs a text message (EIP-191 personal_sign): the reserves' proof of ownership (ADR 068). */
  signMessage(message: string): Promise<`0x${string}`>;
}

/** A USDT balance read at a recorded block (proof of reserves, ADR 068). */
export interface ReserveBalance {
  blockNumber: bigint;
  /** In the token's own units, exactly as on chain. */
  raw: bigint;
  decimals: number;
  token: string;
}

export interface ChainClient {
  network: Network;
  requiredConfirmations: number;
  /** Explorer link for a transaction hash (from the configured template). */
  explorerUrl(txHash: string): string;
  verifyPayout(txHash: string, expected: ExpectedPayout): Promise<PayoutCheck>;
  /**
   * `sentBy` (EVM: the sender and nonce from verifyPayout or prepareTransfer) lets a vanished
   * transaction be told apart: its nonce used by another transaction = REPLACED, else DROPPED.
   * Without it a vanished transaction is DROPPED unless this process saw its sender earlier.
   */
  progress(txHash: string, sentBy?: { from: string; nonce: number }): Promise<PayoutProgress>;
  /**
   * Optional start-up check: the node answers the configured chain id (CHAIN_<NET>_CHAIN_ID) and
   * the token's decimals are known. Throws a clear error on a mismatch; every call also runs it
   * on first use, so skipping it only moves the error later.
   */
  ready?(): Promise<void>;
  /** The USDT balance of `address`, read at the block number it answers with. */
  reserveBalance(address: string): Promise<ReserveBalance>;
  /** Present only where sending is configured (ERC20/BEP20 with a hot-wallet key). */
  hotWallet: HotWallet | null;
}

/** The configured networks; a missing one is in manual mode. */
export type Chains = Partial<Record<Network, ChainClient>>;

/** Types of local-chain.mjs (two anvil nodes for the chain clients' tests and the journeys). */
export type LocalNet = "ERC20" | "BEP20";

export interface LocalChainInfo {
  rpcUrl: string;
  chainId: number;
  /** The USDT-like token (6 decimals on ERC20, 18 on BEP20). */
  token: `0x${string}`;
  /** Another token with the same decimals, for "wrong token" cases. */
  otherToken: `0x${string}`;
  decimals: number;
  /** anvil's default account 1: holds 1,000,000 USDT and 10,000 of gas. */
  hotWalletKey: `0x${string}`;
  hotWallet: `0x${string}`;
}

export interface TransferOptions {
  /** Another token contract (default: the chain's USDT-like token). */
  token?: `0x${string}`;
  /** A fixed gas limit (skips estimation, e.g. to mine a reverting transfer). */
  gas?: bigint;
  nonce?: number;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
}

export interface LocalChains {
  erc20: LocalChainInfo;
  bep20: LocalChainInfo;
  abi: readonly unknown[];
  /** A raw JSON-RPC call (anvil_*, evm_* methods). */
  rpc(net: LocalNet, method: string, params?: unknown[]): Promise<unknown>;
  /**
   * Signs and sends token.transfer(to, amountRaw) from the key's account; returns the hash once
   * it is mined (with automine on; with it off, once the node has it in the mempool).
   */
  transferAs(
    net: LocalNet,
    fromKey: `0x${string}`,
    to: string,
    amountRaw: bigint,
    options?: TransferOptions,
  ): Promise<`0x${string}`>;
  /** A plain native-coin transfer (no token). */
  sendEth(net: LocalNet, fromKey: `0x${string}`, to: string, wei: bigint): Promise<`0x${string}`>;
  tokenBalance(net: LocalNet, address: string, token?: `0x${string}`): Promise<bigint>;
  mine(net: LocalNet, blocks?: number): Promise<void>;
  /** Off: transactions wait in the mempool until mine(). */
  setAutomine(net: LocalNet, on: boolean): Promise<void>;
  blockNumber(net: LocalNet): Promise<bigint>;
  /**
   * The server's environment for both chains (CHAIN_<NET>_RPC_URL, _TOKEN, _CHAIN_ID,
   * _CONFIRMATIONS (default 2), _EXPLORER, and PAYOUT_KEY_<NET> unless hotWallet is false), for
   * e2e/server.mjs or a test app.
   */
  env(options?: { confirmations?: number; hotWallet?: boolean }): Record<string, string>;
  stop(): Promise<void>;
}

export declare const ANVIL_KEYS: readonly [`0x${string}`, `0x${string}`, `0x${string}`];
export declare function anvilBinary(): string;
export declare function startLocalChains(): Promise<LocalChains>;

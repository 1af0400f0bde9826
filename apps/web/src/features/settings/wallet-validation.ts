import { isValidWalletAddress, type Network } from "@viewvault/shared";

export type WalletProblem = "required" | "TRC20" | "ERC20" | "BEP20" | null;

/** What is wrong with an address for a network (the shared patterns decide), or null. */
export function walletProblem(network: Network, address: string): WalletProblem {
  const trimmed = address.trim();
  if (!trimmed) return "required";
  return isValidWalletAddress(network, trimmed) ? null : network;
}

/** The `auth:validation.*` key of a problem. */
export const WALLET_PROBLEM_KEYS: Record<Exclude<WalletProblem, null>, string> = {
  required: "walletRequired",
  TRC20: "walletTrc20",
  ERC20: "walletErc20",
  BEP20: "walletBep20",
};

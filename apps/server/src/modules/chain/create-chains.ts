import type { ChainsConfig } from "../../config/env";
import type { Chains } from "./chain.types";
import { createEvmChain } from "./evm-chain";
import { resolvePayoutKey } from "./payout-key";
import { createTronChain } from "./tron-chain";

/**
 * One client per configured network (ADR 057); a network without CHAIN_<NET>_RPC_URL has none
 * and stays in manual mode. Reads PAYOUT_KEY_FILE_<NET> here (throws naming the variable, never
 * the key). Nothing is asked of the nodes yet: call each client's ready() at start-up to check
 * the chain ids early, or let the first call do it.
 */
export function createChains(config: ChainsConfig): Chains {
  const chains: Chains = {};
  for (const network of ["ERC20", "BEP20"] as const) {
    const one = config[network];
    if (!one) continue;
    chains[network] = createEvmChain(one, {
      payoutKey: one.payoutKey ? resolvePayoutKey(network, one.payoutKey) : null,
    });
  }
  // Tron is verified, never sent from here (ADR 057): no hot wallet.
  if (config.TRC20) chains.TRC20 = createTronChain(config.TRC20);
  return chains;
}

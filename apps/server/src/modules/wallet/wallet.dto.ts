import type { TBalances } from "@viewvault/shared";
import type { Balances } from "../ledger/ledger.repository";

export function toBalancesDto(b: Balances): TBalances {
  return {
    views: b.views.toString(),
    usdt: b.usdt.toString(),
    pendingUsdt: b.pendingUsdt.toString(),
  };
}

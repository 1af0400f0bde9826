import { NETWORKS, type Network, TRANSPARENCY, type TTransparency } from "@viewvault/shared";
import type { DbOrTx } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { ledgerTotals } from "../ledger/ledger-invariants.repository";
import { dailyFlows, payoutsByNetwork } from "./transparency.repository";

const DAY_MS = 86_400_000;

/**
 * The platform's totals from the ledger's accounts (ADR 026): the admin overview's figures, from
 * the same database function (vv_ledger_totals, ADR 069) — issued, in circulation, withdrawal and
 * marketplace escrow, paid out and fees, which add up — plus what the payouts account received
 * per network named in the withdrawal's ledger memo. Nothing here is typed in.
 */
export async function computeTransparency(db: DbOrTx, now: Date): Promise<TTransparency> {
  const totals = await ledgerTotals(db);
  const payouts = await payoutsByNetwork(db);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (TRANSPARENCY.chartDays - 1) * DAY_MS);
  const flows = await dailyFlows(db, since);

  const byDay = new Map(flows.map((f) => [f.day, f]));
  const daily = Array.from({ length: TRANSPARENCY.chartDays }, (_, i) => {
    const day = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    const f = byDay.get(day);
    return {
      day,
      issuedViews: f?.issued_views ?? "0",
      issuedUsdt: f?.issued_usdt ?? "0",
      paidOutUsdt: f?.paid_usdt ?? "0",
    };
  });
  const paid = (network: Network) =>
    payouts
      .filter((p) => p.network === network)
      .reduce((sum, p) => sum + BigInt(p.total), 0n)
      .toString();
  return {
    totals,
    paidOutByNetwork: NETWORKS.map((network) => ({ network, usdt: paid(network) })),
    daily,
    computedAt: now.toISOString(),
  };
}

/** The totals as last computed, at most TRANSPARENCY.cacheSeconds old; one computation at a time. */
export class TransparencyCache {
  private value: { at: number; body: Promise<TTransparency> } | null = null;

  get(db: DbOrTx, clock: Clock): Promise<TTransparency> {
    const now = clock.now();
    if (!this.value || now.getTime() - this.value.at >= TRANSPARENCY.cacheSeconds * 1000) {
      const body = computeTransparency(db, now);
      this.value = { at: now.getTime(), body };
      body.catch(() => {
        if (this.value?.body === body) this.value = null;
      });
    }
    return this.value.body;
  }
}

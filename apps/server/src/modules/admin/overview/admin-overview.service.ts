import { performance } from "node:perf_hooks";
import type { TAdminOverview, TLedgerCheck } from "@viewvault/shared";
import type { Db } from "../../../db/client";
import type { Clock } from "../../../lib/clock";
import { ledgerTotals } from "../../ledger/ledger-invariants.repository";
import { verifyLedger } from "../../ledger/verify-ledger";
import { reservesAlert } from "../../reserves/reserves.service";
import { platformCounts } from "./admin-overview.repository";

/**
 * Platform totals per currency from the ledger's accounts (vv_ledger_totals, the transparency
 * page's figures too: ADR 069), and the queues' counts:
 * pending withdrawals wait for a staff member (SENT), the second approval's queue is
 * AWAITING_APPROVAL, open support requests are the non-withdrawal ones not yet COMPLETED.
 */
export async function getOverview(
  db: Db,
  onlineNow: () => Promise<number>,
): Promise<TAdminOverview> {
  const totals = await ledgerTotals(db);
  const [counts, online, alert] = await Promise.all([
    platformCounts(db),
    onlineNow(),
    reservesAlert(db),
  ]);
  return {
    totals,
    counts: {
      members: counts?.members ?? 0,
      confirmed: counts?.confirmed ?? 0,
      suspended: counts?.suspended ?? 0,
      staff: counts?.staff ?? 0,
      heldReferrals: counts?.held_referrals ?? 0,
      onlineNow: online,
      pendingWithdrawals: counts?.pending_withdrawals ?? 0,
      awaitingApproval: counts?.awaiting_approval ?? 0,
      openSupportRequests: counts?.open_support_requests ?? 0,
    },
    reservesAlert: alert,
  };
}

/** The ledger invariant check (the same code as `npm run ledger:verify`), timed. */
export async function runLedgerCheck(db: Db, clock: Clock): Promise<TLedgerCheck> {
  const started = performance.now();
  const report = await verifyLedger(db);
  return {
    ok: report.ok,
    problems: report.problems,
    durationMs: Math.round(performance.now() - started),
    counts: report.counts,
    checkedAt: clock.now().toISOString(),
  };
}

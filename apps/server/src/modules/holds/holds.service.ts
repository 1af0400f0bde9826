import type { TEarningHold } from "@viewvault/shared";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { refusalOf } from "../ledger/ledger.service";
import type { Money } from "../ledger/money-command";
import {
  clawBackHoldsOf,
  clearNextDueHold,
  holdsOf,
  type StaffDecision,
  settleHold,
} from "./holds.repository";

/** Who decides, and why (audited with the decision, in its transaction). */
export interface HoldStaff {
  profileId: string;
  role: string;
  address?: string | null;
}

function decision(clock: Clock, staff: HoldStaff, reason: string): StaffDecision {
  return {
    staffId: staff.profileId,
    staffRole: staff.role,
    reason,
    address: staff.address ?? null,
    now: clock.now(),
  };
}

async function refusing<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
}

/**
 * Releases a HELD hold early (staff): HELD → CLEARED, its amount moves from the member's held
 * account to their available account, audited with the reason — in one statement. A hold already
 * cleared or clawed back (also by a concurrent call or the clearing job) is refused HOLD_SETTLED;
 * an unknown one NOT_FOUND/hold.
 */
export async function clearHold(
  money: Money,
  clock: Clock,
  holdId: string,
  staff: HoldStaff,
  reason: string,
): Promise<TEarningHold> {
  const hold = await refusing(
    settleHold(money.db, holdId, "CLEARED", decision(clock, staff, reason)),
  );
  money.posted?.("hold_clear");
  money.afterCommit([hold.memberId]);
  return hold;
}

/**
 * Claws back a HELD hold (staff): HELD → CLAWED_BACK, its amount moves from the member's held
 * account back to the issuance account (never more than is held), audited with the reason.
 * HOLD_SETTLED when it already cleared or was clawed back; NOT_FOUND/hold when unknown.
 */
export async function clawBackHold(
  money: Money,
  clock: Clock,
  holdId: string,
  staff: HoldStaff,
  reason: string,
): Promise<TEarningHold> {
  const hold = await refusing(
    settleHold(money.db, holdId, "CLAWED_BACK", decision(clock, staff, reason)),
  );
  money.posted?.("hold_claw_back");
  money.afterCommit([hold.memberId]);
  return hold;
}

/**
 * Claws back every HELD hold of a member (staff), in one transaction; holds that cleared before
 * are left alone. Returns the holds clawed back (none: an empty list). NOT_FOUND/member when the
 * member does not exist.
 */
export async function clawBackMemberHolds(
  money: Money,
  clock: Clock,
  memberId: string,
  staff: HoldStaff,
  reason: string,
): Promise<TEarningHold[]> {
  const holds = await refusing(clawBackHoldsOf(money.db, memberId, decision(clock, staff, reason)));
  if (holds.length) {
    money.posted?.("hold_claw_back");
    money.afterCommit([memberId]);
  }
  return holds;
}

/** How many holds one run of the clearing job clears at most (the rest: the next run). */
export const CLEAR_BATCH = 5_000;

/**
 * The clearing job (every HOLD.clearEveryMinutes, once per period across instances): clears due
 * holds one by one, earliest first, each in its own transaction (one member's accounts, one
 * posting), until none is due or `limit` were cleared; a hold staff settled in between is passed
 * over. The members whose balances changed get their live update.
 */
export async function clearDueHolds(
  money: Money,
  clock: Clock,
  limit: number = CLEAR_BATCH,
): Promise<number> {
  const now = clock.now();
  const touched = new Set<string>();
  let cleared = 0;
  for (let step = 0; step < limit; step++) {
    const hold = await clearNextDueHold(money.db, now);
    if (hold === undefined) break;
    if (hold === null) continue;
    cleared++;
    touched.add(hold.memberId);
    money.posted?.("hold_clear");
  }
  if (touched.size) money.afterCommit([...touched]);
  return cleared;
}

/** A member's holds (all, or of one status), soonest to clear first — for staff review. */
export async function memberHolds(
  db: Db,
  memberId: string,
  status?: TEarningHold["status"],
): Promise<TEarningHold[]> {
  const rows = await holdsOf(db, memberId, status);
  return rows.map((r) => ({
    id: r.id,
    memberId: r.memberId,
    currency: r.currency,
    amount: r.amount.toString(),
    sourceKind: r.sourceKind,
    sourceId: r.sourceId,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    clearsAt: r.clearsAt.toISOString(),
    settledAt: r.settledAt?.toISOString() ?? null,
    settledBy: r.settledBy,
    reason: r.reason,
  }));
}

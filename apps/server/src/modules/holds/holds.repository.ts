import type { TEarningHold } from "@viewvault/shared";
import { and, asc, eq } from "drizzle-orm";
import { type DbOrTx, prepared, runPrepared } from "../../db/client";
import { earningHolds } from "../../db/schema";

/** vv_hold_settle (migration holds_functions): one hold's outcome, exactly once. */
const SETTLE = prepared(
  "select vv_hold_settle($1::uuid, $2::text, $3::uuid, $4::text, $5::text, $6::text, $7::timestamptz, false) as hold",
);
/** vv_hold_clear_next: the clearing job's step (one due hold, one transaction). */
const CLEAR_NEXT = prepared("select vv_hold_clear_next($1::timestamptz) as step");
/** vv_holds_claw_back_member: every HELD hold of a member, in one transaction. */
const CLAW_BACK_MEMBER = prepared(
  "select vv_holds_claw_back_member($1::uuid, $2::uuid, $3::text, $4::text, $5::text, $6::timestamptz) as holds",
);

export interface StaffDecision {
  staffId: string;
  staffRole: string;
  reason: string;
  address: string | null;
  now: Date;
}

export async function settleHold(
  db: DbOrTx,
  holdId: string,
  outcome: "CLEARED" | "CLAWED_BACK",
  d: StaffDecision,
): Promise<TEarningHold> {
  const [row] = await runPrepared<{ hold: TEarningHold }>(db, SETTLE, [
    holdId,
    outcome,
    d.staffId,
    d.staffRole,
    d.reason,
    d.address,
    d.now.toISOString(),
  ]);
  if (!row?.hold) throw new Error("vv_hold_settle answered nothing");
  return row.hold;
}

/** Clears the earliest due hold: undefined when none is due, null when another settled it first. */
export async function clearNextDueHold(
  db: DbOrTx,
  now: Date,
): Promise<TEarningHold | null | undefined> {
  const [row] = await runPrepared<{ step: { hold: TEarningHold | null } | null }>(db, CLEAR_NEXT, [
    now.toISOString(),
  ]);
  return row?.step ? row.step.hold : undefined;
}

export async function clawBackHoldsOf(
  db: DbOrTx,
  memberId: string,
  d: StaffDecision,
): Promise<TEarningHold[]> {
  const [row] = await runPrepared<{ holds: TEarningHold[] }>(db, CLAW_BACK_MEMBER, [
    memberId,
    d.staffId,
    d.staffRole,
    d.reason,
    d.address,
    d.now.toISOString(),
  ]);
  return row?.holds ?? [];
}

/** A member's holds, the soonest to clear first (staff review). */
export function holdsOf(db: DbOrTx, memberId: string, status?: TEarningHold["status"]) {
  return db
    .select()
    .from(earningHolds)
    .where(
      and(
        eq(earningHolds.memberId, memberId),
        status ? eq(earningHolds.status, status) : undefined,
      ),
    )
    .orderBy(asc(earningHolds.clearsAt), asc(earningHolds.id));
}

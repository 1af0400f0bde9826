import type { TEarningHold } from "@viewvault/shared";
import { and, asc, eq } from "drizzle-orm";
import { type DbOrTx, runPrepared } from "../../db/client";
import { functionCall, valuesOf } from "../../db/function-call";
import { earningHolds } from "../../db/schema";

/** vv_hold_settle (db/functions/holds.sql): one hold's outcome, exactly once. */
const SETTLE = functionCall(
  "vv_hold_settle",
  {
    p_hold: "uuid",
    p_outcome: "text",
    p_staff: "uuid?",
    p_role: "text?",
    p_reason: "text?",
    p_ip: "text?",
    p_now: "timestamptz",
    p_due_only: "boolean",
  },
  "jsonb",
);
/** vv_hold_clear_next: the clearing job's step (one due hold, one transaction). */
const CLEAR_NEXT = functionCall("vv_hold_clear_next", { p_now: "timestamptz" }, "jsonb");
/** vv_holds_claw_back_member: every HELD hold of a member, in one transaction. */
const CLAW_BACK_MEMBER = functionCall(
  "vv_holds_claw_back_member",
  {
    p_member: "uuid",
    p_staff: "uuid",
    p_role: "text",
    p_reason: "text",
    p_ip: "text?",
    p_now: "timestamptz",
  },
  "jsonb",
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
  const [row] = await runPrepared<{ outcome: TEarningHold }>(
    db,
    SETTLE,
    valuesOf(SETTLE, {
      hold: holdId,
      outcome,
      staff: d.staffId,
      role: d.staffRole,
      reason: d.reason,
      ip: d.address,
      now: d.now,
      dueOnly: false,
    }),
  );
  if (!row?.outcome) throw new Error("vv_hold_settle answered nothing");
  return row.outcome;
}

/** Clears the earliest due hold: undefined when none is due, null when another settled it first. */
export async function clearNextDueHold(
  db: DbOrTx,
  now: Date,
): Promise<TEarningHold | null | undefined> {
  const [row] = await runPrepared<{ outcome: { hold: TEarningHold | null } | null }>(
    db,
    CLEAR_NEXT,
    valuesOf(CLEAR_NEXT, { now }),
  );
  return row?.outcome ? row.outcome.hold : undefined;
}

export async function clawBackHoldsOf(
  db: DbOrTx,
  memberId: string,
  d: StaffDecision,
): Promise<TEarningHold[]> {
  const [row] = await runPrepared<{ outcome: TEarningHold[] }>(
    db,
    CLAW_BACK_MEMBER,
    valuesOf(CLAW_BACK_MEMBER, {
      member: memberId,
      staff: d.staffId,
      role: d.staffRole,
      reason: d.reason,
      ip: d.address,
      now: d.now,
    }),
  );
  return row?.outcome ?? [];
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

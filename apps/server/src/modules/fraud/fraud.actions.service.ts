import { type FraudAction, riskLevelOf } from "@viewvault/shared";
import type { Db, Tx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { recordAuditEvent } from "../audit/audit.service";
import type { StaffActor } from "../audit/staff-actor";
import {
  lockEnforcement,
  REVIEW_REQUEST_CLOSED,
  updateEnforcement,
} from "../enforcement/enforcement.repository";
import { clawBackMemberHolds } from "../holds/holds.service";
import type { Money } from "../ledger/money-command";
import { setMemberSuspended } from "../members/suspension.service";
import { notifyMember } from "../notifications/notifications.service";
import { riskOf, upsertRisk } from "../risk/risk.repository";
import { fraudMembers } from "./fraud.repository";

async function memberExists(db: Db, memberId: string): Promise<void> {
  const [row] = await fraudMembers(db, [memberId]);
  if (!row) throw new AppError("NOT_FOUND", { context: "member" });
}

/**
 * A fraud-queue action on a member, with its reason, audited in the same transaction as its
 * effect (the route has checked the admin role, 2FA and a recent step-up):
 * - clear: marks the member reviewed; the score resets to 0 and signals seen before no longer count;
 *   it closes support's open review request (ADR 071), as a pause or a claw-back does;
 * - clawBack: every HELD hold of the member goes back to the platform (modules/holds: one
 *   transaction, each hold exactly once; NOT_FOUND when nothing is held);
 * - pause / lift: cash-out (withdrawals, USDT transfers) paused with the reason, or resumed;
 * - suspend: the existing suspension (sessions revoked, requests and offers cancelled).
 */
export interface FraudActionOptions {
  money: Money;
  clock: Clock;
  actor: StaffActor;
  memberId: string;
  action: FraudAction;
  reason: string;
}

type EnforcementLock = Awaited<ReturnType<typeof lockEnforcement>>;

type FraudAudit = {
  actorProfileId: string;
  actorRole: StaffActor["role"];
  address: StaffActor["address"];
  reason: string;
  targetProfileId: string;
  createdAt: Date;
};

/** The open review request an action closes, for its audit row's "before" (ADR 071). */
const requested = (row: EnforcementLock) =>
  row.reviewRequestedAt ? { reviewRequestedAt: row.reviewRequestedAt.toISOString() } : {};

/**
 * Claw-back (the holds module's own transaction), then its audit row together with closing
 * support's open review request: the admin confirmed what support asked about (ADR 071).
 */
async function clawBackHeld(o: FraudActionOptions, audit: FraudAudit, now: Date): Promise<void> {
  const holds = await clawBackMemberHolds(o.money, o.clock, o.memberId, o.actor, o.reason);
  if (!holds.length) throw new AppError("NOT_FOUND", { context: "heldEarnings" });
  const views = holds.reduce((sum, h) => sum + BigInt(h.amount), 0n);
  await o.money.db.transaction(async (tx) => {
    const row = await lockEnforcement(tx, o.memberId, now);
    if (row.reviewRequestedAt) {
      await updateEnforcement(tx, o.memberId, { ...REVIEW_REQUEST_CLOSED, updatedAt: now });
    }
    await recordAuditEvent(tx, {
      ...audit,
      action: "fraud.clawback",
      before: { heldViews: views.toString(), ...requested(row) },
      after: { heldViews: "0", amount: views.toString(), currency: "VIEWS" },
      details: { holds: holds.map((h) => h.id), views: views.toString() },
    });
  });
}

async function clearRisk(
  tx: Tx,
  o: FraudActionOptions,
  audit: FraudAudit,
  row: EnforcementLock,
  now: Date,
) {
  const { memberId } = o;
  const before = await riskOf(tx, memberId);
  await updateEnforcement(tx, memberId, {
    reviewedAt: now,
    reviewedBy: o.actor.profileId,
    reviewReason: o.reason,
    ...REVIEW_REQUEST_CLOSED,
    updatedAt: now,
  });
  await upsertRisk(tx, [{ memberId, score: 0, level: riskLevelOf(0), reasons: [] }], now);
  await recordAuditEvent(tx, {
    ...audit,
    action: "fraud.clear",
    before: {
      ...(before
        ? { score: before.score, level: before.level, reasons: before.reasons }
        : { score: null, level: null, reasons: [] }),
      ...requested(row),
    },
    after: { score: 0, level: riskLevelOf(0), reviewedAt: now.toISOString() },
  });
}

async function pauseCashout(
  tx: Tx,
  o: FraudActionOptions,
  audit: FraudAudit,
  row: EnforcementLock,
  now: Date,
) {
  const { memberId, reason } = o;
  if (row.cashoutPausedAt) throw new AppError("CONFLICT", { context: "alreadyPaused" });
  await updateEnforcement(tx, memberId, {
    cashoutPausedAt: now,
    reason,
    pausedBy: o.actor.profileId,
    appealRequestId: null,
    ...REVIEW_REQUEST_CLOSED,
    updatedAt: now,
  });
  await recordAuditEvent(tx, {
    ...audit,
    action: "fraud.cashout.pause",
    before: { cashoutPaused: false, ...requested(row) },
    after: { cashoutPaused: true, pausedAt: now.toISOString() },
  });
  await notifyMember(tx, memberId, "cashoutPaused", { reason }, now);
}

async function liftCashout(
  tx: Tx,
  o: FraudActionOptions,
  audit: FraudAudit,
  row: EnforcementLock,
  now: Date,
) {
  if (!row.cashoutPausedAt) throw new AppError("CONFLICT", { context: "notPaused" });
  await updateEnforcement(tx, o.memberId, {
    cashoutPausedAt: null,
    reason: null,
    pausedBy: null,
    appealRequestId: null,
    updatedAt: now,
  });
  await recordAuditEvent(tx, {
    ...audit,
    action: "fraud.cashout.lift",
    before: {
      cashoutPaused: true,
      pausedAt: row.cashoutPausedAt.toISOString(),
      pauseReason: row.reason,
      appealRequestId: row.appealRequestId,
    },
    after: { cashoutPaused: false },
  });
}

export async function applyFraudAction(options: FraudActionOptions): Promise<void> {
  const { money, clock, actor, memberId, action, reason } = options;
  const { db } = money;
  await memberExists(db, memberId);
  const now = clock.now();
  const audit: FraudAudit = {
    actorProfileId: actor.profileId,
    actorRole: actor.role,
    address: actor.address,
    reason,
    targetProfileId: memberId,
    createdAt: now,
  };
  if (action === "suspend") {
    // Its own transaction and audit row (member.suspend), with this reason.
    await setMemberSuspended({
      db,
      clock,
      actorProfileId: actor.profileId,
      targetProfileId: memberId,
      suspended: true,
      context: { actorRole: actor.role, address: actor.address, reason },
    });
    return;
  }
  if (action === "clawBack") return clawBackHeld(options, audit, now);
  await db.transaction(async (tx) => {
    const row = await lockEnforcement(tx, memberId, now);
    if (action === "clear") return clearRisk(tx, options, audit, row, now);
    if (action === "pause") return pauseCashout(tx, options, audit, row, now);
    return liftCashout(tx, options, audit, row, now);
  });
}

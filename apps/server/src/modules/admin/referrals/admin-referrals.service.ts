import { REFERRAL, type THeldReferral } from "@viewvault/shared";
import type { Db } from "../../../db/client";
import { AppError } from "../../../lib/app-error";
import type { Clock } from "../../../lib/clock";
import { recordAuditEvent } from "../../audit/audit.service";
import type { StaffActor } from "../../audit/staff-actor";
import type { Idempotency } from "../../idempotency/idempotency";
import {
  type CommandOutcome,
  command,
  IDEMPOTENCY_ARGS,
  type Money,
} from "../../ledger/money-command";
import {
  type HeldReferralRow,
  heldReferrals,
  referralById,
  referralExists,
  rejectHeldReferral,
} from "./admin-referrals.repository";

/** Referral rewards held for review (ADR 028): the queue, approval (pays once) and rejection. */

function heldReferral(r: HeldReferralRow): THeldReferral {
  return {
    id: r.id,
    referrer: { id: r.referrer_id, username: r.referrer_username, isVerified: r.referrer_verified },
    referee: { id: r.referee_id, username: r.referee_username, isVerified: r.referee_verified },
    viewsBonus: r.views_bonus,
    usdtBonus: r.usdt_bonus,
    status: r.status,
    flagReason: r.flag_reason,
    refereeSignupIp: r.referee_ip,
    referrerSignupIp: r.referrer_ip,
    refereeUserAgent: r.referee_ua,
    referrerUserAgent: r.referrer_ua,
    accountsOnNetwork: r.accounts_on_network,
    decisionReason: r.decision_reason,
    decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function listHeldReferrals(db: Db): Promise<THeldReferral[]> {
  return (await heldReferrals(db, 100)).map(heldReferral);
}

async function decidedReferral(db: Db, id: string): Promise<THeldReferral> {
  const row = await referralById(db, id);
  if (!row) throw new AppError("NOT_FOUND", { context: "referral" });
  return heldReferral(row);
}

const APPROVE_COMMAND = command("vv_referral_approve", {
  p_actor: "uuid",
  ...IDEMPOTENCY_ARGS,
  p_referral: "uuid",
  p_reason: "text",
  p_actor_role: "text",
  p_address: "text?",
  p_commission_bps: "bigint",
  p_now: "timestamptz",
});

/**
 * Approves a held referral through the money command vv_referral_approve (ADR 028): the
 * referrer's views and the invited member's sign-up bonus are paid once, however many admins
 * (or retries) approve it at the same time.
 */
export async function approveHeldReferral(
  money: Money,
  clock: Clock,
  actor: StaffActor,
  referralId: string,
  reason: string,
  idem: Idempotency,
): Promise<CommandOutcome<{ referral: THeldReferral }>> {
  const outcome = await APPROVE_COMMAND.run<{ referralId: string }>(money, {
    actor: actor.profileId,
    ...idem,
    referral: referralId,
    reason,
    actorRole: actor.role,
    address: actor.address,
    commissionBps: REFERRAL.commissionBasisPoints,
    now: clock.now(),
  });
  return { ...outcome, result: { referral: await decidedReferral(money.db, referralId) } };
}

/** Rejects a held referral (nothing is paid); refused when it was already decided. */
export async function rejectReferral(options: {
  db: Db;
  clock: Clock;
  actor: StaffActor;
  referralId: string;
  reason: string;
}): Promise<{ referral: THeldReferral }> {
  const { db, clock, actor, referralId, reason } = options;
  await db.transaction(async (tx) => {
    const row = await rejectHeldReferral(tx, referralId, actor.profileId, reason);
    if (!row) {
      if (await referralExists(tx, referralId))
        throw new AppError("CONFLICT", { context: "referralDecided" });
      throw new AppError("NOT_FOUND", { context: "referral" });
    }
    await recordAuditEvent(tx, {
      actorProfileId: actor.profileId,
      actorRole: actor.role,
      address: actor.address,
      reason,
      action: "referral.reject",
      targetProfileId: row.referred_user_id,
      before: { status: "HELD" },
      after: { status: "REJECTED" },
      details: { referralId },
      createdAt: clock.now(),
    });
  });
  return { referral: await decidedReferral(db, referralId) };
}

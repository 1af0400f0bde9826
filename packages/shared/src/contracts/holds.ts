import { z } from "zod";
import { ZMinorUnits } from "./money";

/**
 * Earnings on hold (ADR 047): watch rewards, creator credits and view-request gains stay pending
 * for the hold window (HOLD.hoursByRisk) before they become available; staff may clear one early
 * or claw it back.
 */
export const HOLD_STATUSES = ["HELD", "CLEARED", "CLAWED_BACK"] as const;
export type THoldStatus = (typeof HOLD_STATUSES)[number];

export const HOLD_SOURCES = ["watch_reward", "creator_credit", "view_request_match"] as const;
export type THoldSource = (typeof HOLD_SOURCES)[number];

export const ZEarningHold = z
  .object({
    id: z.uuid(),
    memberId: z.uuid(),
    currency: z.enum(["VIEWS", "USDT"]),
    amount: ZMinorUnits,
    sourceKind: z.enum(HOLD_SOURCES),
    /** The watch session (watch reward, creator credit) or the member's view request (match). */
    sourceId: z.uuid().nullable(),
    status: z.enum(HOLD_STATUSES),
    createdAt: z.iso.datetime(),
    clearsAt: z.iso.datetime(),
    settledAt: z.iso.datetime().nullable(),
    /** The staff member who cleared it early or clawed it back; null when the job cleared it. */
    settledBy: z.uuid().nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: "EarningHold" });
export type TEarningHold = z.infer<typeof ZEarningHold>;

/** A staff decision on held earnings: why, in the staff member's words (audited). */
export const ZHoldDecision = z
  .object({ reason: z.string().trim().min(1).max(500) })
  .meta({ id: "HoldDecision" });
export type THoldDecision = z.infer<typeof ZHoldDecision>;

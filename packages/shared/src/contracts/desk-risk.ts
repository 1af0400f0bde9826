import { z } from "zod";
import { RISK_LEVELS } from "../attention";
import { SUPPORT_DESK } from "../constants";
import { validationKey } from "../errors";
import { ZMinorUnits } from "./money";

/** Days the desk looks back for cleared earnings and the share earned by watching (ADR 071). */
export const DESK_RISK_DAYS = 7;

/**
 * Support's open request that an admin review a member in risk review (ADR 071): who asked, when,
 * and their note. The admin's fraud "clear" or "pause" closes it.
 */
export const ZDeskReviewRequest = z
  .object({
    requestedAt: z.iso.datetime(),
    /** Null when the staff member who asked was deleted since. */
    requestedBy: z.object({ id: z.uuid(), username: z.string() }).nullable(),
    note: z.string().nullable(),
  })
  .meta({ id: "DeskReviewRequest" });
export type TDeskReviewRequest = z.infer<typeof ZDeskReviewRequest>;

/** The desk's "Ask an admin to review": an optional note for the admin. */
export const ZAskMemberReviewRequest = z
  .object({
    note: z.string().trim().max(SUPPORT_DESK.reasonMaxLength, validationKey("tooLong")).optional(),
  })
  .meta({ id: "AskMemberReviewRequest" });
export type TAskMemberReviewRequest = z.infer<typeof ZAskMemberReviewRequest>;

/**
 * What the payout desk and the payout approvals see of a withdrawing member (ADR 071): the fraud
 * queue's risk level, score and reasons, their cluster, their held and recently cleared earnings,
 * and the share of the withdrawal those recent watch earnings could have paid.
 */
export const ZDeskRisk = z
  .object({
    score: z.number().int(),
    level: z.enum(RISK_LEVELS),
    /** The fraud queue's reasons (codes rendered from the `fraud` locale, with their numbers). */
    reasons: z.array(
      z.object({
        code: z.string(),
        points: z.number().int(),
        params: z.record(z.string(), z.union([z.number(), z.string()])),
      }),
    ),
    /** High risk and not reviewed since: the desk cannot send, record or complete (the database refuses). */
    inReview: z.boolean(),
    /** Support asked an admin to review the member, and no admin has cleared or paused since. */
    reviewRequest: ZDeskReviewRequest.nullable(),
    cluster: z
      .object({
        members: z.array(
          z.object({
            id: z.uuid(),
            username: z.string(),
            level: z.enum(RISK_LEVELS),
            score: z.number().int(),
          }),
        ),
        sharedDevices: z.number().int(),
        sharedNetworks: z.array(z.string()),
      })
      .nullable(),
    heldViews: ZMinorUnits,
    clearedViewsRecent: ZMinorUnits,
    /** Views earned by watching in the last DESK_RISK_DAYS days. */
    watchedViewsRecent: ZMinorUnits,
    /** Percent (0–100) of the withdrawal those views are worth at the swap rate; null without one. */
    watchSharePercent: z.number().int().min(0).max(100).nullable(),
  })
  .meta({ id: "DeskRisk" });
export type TDeskRisk = z.infer<typeof ZDeskRisk>;

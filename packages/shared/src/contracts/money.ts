import { z } from "zod";
import { AMOUNT_LIMITS, MICRO_PER_USDT } from "../constants";
import { errorKey } from "../errors";

/** What the OpenAPI document says about the amount a request may name (AMOUNT_LIMITS). */
export const AMOUNT_LIMITS_TEXT = `at most ${AMOUNT_LIMITS.maxViews.toLocaleString("en")} views or ${(AMOUNT_LIMITS.maxMicroUsdt / MICRO_PER_USDT).toLocaleString("en")} USDT in one request`;

/** Amounts travel as decimal strings: whole views ("1500"), micro-USDT ("12500000"). */
export const ZMinorUnits = z.string().regex(/^-?\d+$/);

export const ZBalances = z
  .object({
    views: ZMinorUnits.describe("whole views"),
    usdt: ZMinorUnits.describe("micro-USDT"),
    pendingUsdt: ZMinorUnits.describe("micro-USDT held for pending withdrawals"),
    heldViews: ZMinorUnits.describe(
      "whole views earned and still on hold (pending): not yet available to spend (ADR 047)",
    ),
    heldNextClearAt: z.iso
      .datetime()
      .nullable()
      .describe("when the first earning on hold clears (null when nothing is on hold)"),
  })
  .meta({ id: "Balances" });
export type TBalances = z.infer<typeof ZBalances>;

export const SWAP_DIRECTIONS = ["VIEWS_TO_USDT", "USDT_TO_VIEWS"] as const;
export type SwapDirection = (typeof SWAP_DIRECTIONS)[number];

/**
 * A swap: `amount` is whole views for VIEWS_TO_USDT ("150") or a USDT amount with up to 6
 * decimals for USDT_TO_VIEWS ("12.5"), as the member typed it.
 */
export const ZCreateSwapRequest = z
  .object({
    direction: z.enum(SWAP_DIRECTIONS),
    amount: z
      .string()
      .trim()
      .min(1, errorKey("INVALID_AMOUNT"))
      .max(32)
      .describe(`whole views, or USDT with up to 6 decimals; ${AMOUNT_LIMITS_TEXT}`),
  })
  .meta({ id: "CreateSwapRequest" });
export type TCreateSwapRequest = z.infer<typeof ZCreateSwapRequest>;

export const ZSwap = z
  .object({
    id: z.uuid(),
    direction: z.enum(SWAP_DIRECTIONS),
    viewsAmount: ZMinorUnits,
    usdtAmount: ZMinorUnits,
    swapRate: z.string(),
    status: z.string(),
    completedAt: z.iso.datetime(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Swap" });
export type TSwap = z.infer<typeof ZSwap>;

export const ZSwapResult = z
  .object({ swap: ZSwap, balances: ZBalances })
  .meta({ id: "SwapResult" });
export type TSwapResult = z.infer<typeof ZSwapResult>;

export const TRANSFER_TYPES = ["VIEWS", "USDT"] as const;
export type TransferType = (typeof TRANSFER_TYPES)[number];

export const ZCreateTransferRequest = z
  .object({
    recipient: z.string().trim().min(1, errorKey("RECIPIENT_REQUIRED")).max(64),
    transferType: z.enum(TRANSFER_TYPES),
    amount: z
      .string()
      .trim()
      .min(1, errorKey("INVALID_AMOUNT"))
      .max(32)
      .describe(`whole views, or USDT with up to 6 decimals; ${AMOUNT_LIMITS_TEXT}`),
  })
  .meta({ id: "CreateTransferRequest" });
export type TCreateTransferRequest = z.infer<typeof ZCreateTransferRequest>;

export const ZMemberRef = z
  .object({ id: z.uuid(), username: z.string(), isVerified: z.boolean() })
  .meta({ id: "MemberRef" });
export type TMemberRef = z.infer<typeof ZMemberRef>;

export const ZTransfer = z
  .object({
    id: z.uuid(),
    direction: z.enum(["sent", "received"]),
    sender: ZMemberRef,
    recipient: ZMemberRef,
    transferType: z.enum(TRANSFER_TYPES),
    amount: ZMinorUnits,
    status: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Transfer" });
export type TTransfer = z.infer<typeof ZTransfer>;

export const ZTransferResult = z
  .object({ transfer: ZTransfer, balances: ZBalances })
  .meta({ id: "TransferResult" });
export type TTransferResult = z.infer<typeof ZTransferResult>;

export const ZRecipientQuery = z.object({ query: z.string().trim().min(1).max(64) });

export const ACTIVITY_KINDS = [
  "swap",
  "transfer",
  "signup_bonus",
  "referral_reward",
  "referral_commission",
  "video_post",
  "watch_reward",
  "boost",
  "view_request",
  "view_request_match",
  "view_request_refund",
  "mystery_box",
  "verification",
  "daily_claim",
  "annual_claim",
  "event_bonus",
  "milestone_reward",
  "withdrawal_request",
  "withdrawal_payout",
  "withdrawal_return",
  "withdrawal_cancel",
  "hold_clear",
  "hold_claw_back",
  "adjustment",
] as const;

export const ZActivityQuery = z.object({
  currency: z.enum(["VIEWS", "USDT"]).optional(),
  kind: z.string().max(40).optional(),
  /** The id of the last entry of the previous page: a positive integer within JS's safe range. */
  cursor: z
    .string()
    .max(16)
    .regex(/^[1-9]\d*$/)
    .refine((v) => Number.isSafeInteger(Number(v)))
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type TActivityQuery = z.infer<typeof ZActivityQuery>;

export const ZActivityEntry = z
  .object({
    id: z.string(),
    transactionId: z.uuid(),
    kind: z.string(),
    currency: z.enum(["VIEWS", "USDT"]),
    amount: ZMinorUnits,
    balanceAfter: ZMinorUnits,
    counterparty: ZMemberRef.nullable(),
    memo: z.record(z.string(), z.unknown()),
    createdAt: z.iso.datetime(),
    account: z
      .enum(["available", "held"])
      .describe("the balance the entry moved: available, or held (earnings on hold, pending)"),
    clearsAt: z.iso
      .datetime()
      .nullable()
      .describe("for an earning credited on hold: when the hold clears (or cleared)"),
    holdStatus: z
      .enum(["HELD", "CLEARED", "CLAWED_BACK"])
      .nullable()
      .describe("for an earning credited on hold: whether it is still held"),
  })
  .meta({ id: "ActivityEntry" });
export type TActivityEntry = z.infer<typeof ZActivityEntry>;

export const ZActivityPage = z
  .object({ entries: z.array(ZActivityEntry), nextCursor: z.string().nullable() })
  .meta({ id: "ActivityPage" });
export type TActivityPage = z.infer<typeof ZActivityPage>;

/** One referral as its referrer sees it (the summary's latest ones and the full list). */
export const ZReferralEntry = z
  .object({
    id: z.uuid(),
    referred: ZMemberRef,
    viewsBonus: ZMinorUnits.describe("The referrer's sign-up reward in views"),
    usdtBonus: ZMinorUnits.describe("The invited member's welcome bonus, in micro-USDT"),
    earnedViews: ZMinorUnits.describe(
      "Views the referrer earned from this referral (the sign-up reward once paid)",
    ),
    earnedUsdt: ZMinorUnits.describe(
      "Micro-USDT the referrer earned from this referral so far (the commission)",
    ),
    status: z.enum(["PAID", "HELD", "REJECTED"]),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "ReferralEntry" });
export type TReferralEntry = z.infer<typeof ZReferralEntry>;

export const ZReferralSummary = z
  .object({
    totalReferrals: z.number().int(),
    paidReferrals: z.number().int(),
    heldReferrals: z.number().int(),
    viewsFromReferrals: ZMinorUnits,
    usdtFromReferrals: ZMinorUnits,
    badge: z.enum(["silver", "gold", "diamond"]).nullable(),
    recent: z.array(ZReferralEntry),
  })
  .meta({ id: "ReferralSummary" });
export type TReferralSummary = z.infer<typeof ZReferralSummary>;

export const REFERRAL_PAGE_SIZE = 20;

/** The whole referral list, newest first, by keyset. */
export const ZReferralListQuery = z.object({
  /** The previous page's nextCursor (`<micros>_<uuid>`). */
  cursor: z
    .string()
    .max(64)
    .regex(/^[\w-]+$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(REFERRAL_PAGE_SIZE),
});
export type TReferralListQuery = z.infer<typeof ZReferralListQuery>;

export const ZReferralPage = z
  .object({ referrals: z.array(ZReferralEntry), nextCursor: z.string().nullable() })
  .meta({ id: "ReferralPage" });
export type TReferralPage = z.infer<typeof ZReferralPage>;

import { z } from "zod";
import { withdrawProblem } from "../checks/withdraw-checks";
import { NETWORKS, SUPPORT_DESK } from "../constants";
import { problemMessage, validationKey } from "../errors";
import { ZDeskRisk } from "./desk-risk";
import { ZBalances, ZMinorUnits } from "./money";
import { ZPasskeyProof } from "./step-up";

/**
 * CONFIRMING (ADR 058): the chain shows a transfer that pays the withdrawal; it completes at the
 * network's confirmations. CANCELLED: the member withdrew a request no staff member had taken yet. */
export const WITHDRAWAL_STATUSES = [
  "SENT",
  "AWAITING_APPROVAL",
  "CONFIRMING",
  "COMPLETED",
  "FAILED",
  "CANCELLED",
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** The withdrawal form as typed (the seeds' fields). */
export const ZWithdrawForm = z.object({
  amount: z.string(),
  network: z.enum(NETWORKS),
  walletAddress: z.string(),
});
export type TWithdrawForm = z.infer<typeof ZWithdrawForm>;

/** What the withdrawal form knows: the USDT balance, today's use and the wallet's hold. */
export type WithdrawContext = Parameters<typeof withdrawProblem>[1];

/** The withdrawal form: `withdrawProblem` with what the page shows. */
export function withdrawForm(context: WithdrawContext) {
  return ZWithdrawForm.superRefine((value, ctx) => {
    const problem = withdrawProblem(value, context);
    if (problem) {
      ctx.addIssue({
        code: "custom",
        path: [problem.field ?? "root"],
        message: problemMessage(problem),
      });
    }
  });
}

const ZSecret = {
  password: z.string().min(1).max(128).optional(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, validationKey("codeSixDigits"))
    .optional(),
  /** A passkey assertion for a challenge bound to this very withdrawal (ADR 074). */
  passkey: ZPasskeyProof.optional(),
};

/** A withdrawal request: the form's fields plus the password or a 2FA code (re-authentication). */
export const ZCreateWithdrawalRequest = z
  .object({
    amount: z.string().trim().max(32).describe("USDT with up to 2 decimals, at least 100"),
    network: z.enum(NETWORKS),
    walletAddress: z.string().trim().max(128),
    ...ZSecret,
  })
  .meta({ id: "CreateWithdrawalRequest" });
export type TCreateWithdrawalRequest = z.infer<typeof ZCreateWithdrawalRequest>;

/** One step of a withdrawal's timeline (ADR 058), with its time. */
export const WITHDRAWAL_STEPS = [
  "requested",
  "in_review",
  "released",
  "approval_requested",
  "approved",
  "sent",
  "returned",
  "confirmed",
  "recorded",
  "failed",
  "cancelled",
] as const;
export type WithdrawalStep = (typeof WITHDRAWAL_STEPS)[number];
export const ZWithdrawalStep = z.object({
  step: z.enum(WITHDRAWAL_STEPS),
  txHash: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  reason: z.string().nullable(),
  at: z.iso.datetime(),
});
export type TWithdrawalStep = z.infer<typeof ZWithdrawalStep>;

export const ZWithdrawal = z
  .object({
    id: z.uuid(),
    amount: ZMinorUnits.describe("micro-USDT taken from the balance"),
    fee: ZMinorUnits.describe("micro-USDT network fee"),
    net: ZMinorUnits.describe("micro-USDT the member receives"),
    network: z.enum(NETWORKS),
    walletAddress: z.string(),
    status: z.enum(WITHDRAWAL_STATUSES),
    needsSecondApproval: z.boolean(),
    txHash: z.string().nullable(),
    explorerUrl: z.string().nullable(),
    failureReason: z.string().nullable(),
    /** Verified on chain (ADR 058): confirmations so far and required; null when manual. */
    confirmations: z.number().int().nullable().optional(),
    requiredConfirmations: z.number().int().nullable().optional(),
    /** Why the chain no longer pays the last hash (it went back to the desk). */
    returnReason: z.string().nullable().optional(),
    /** Above the threshold: an admin approved it (before sending on a verified network). */
    approved: z.boolean().optional(),
    timeline: z.array(ZWithdrawalStep).optional(),
    cancellable: z
      .boolean()
      .describe("still waiting and not taken by staff: its member may cancel it"),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "Withdrawal" });
export type TWithdrawal = z.infer<typeof ZWithdrawal>;

export const ZWithdrawalOverview = z
  .object({
    balances: ZBalances,
    withdrawals: z.array(ZWithdrawal),
    dailyLimit: ZMinorUnits,
    usedToday: ZMinorUnits,
    wallet: z.object({
      address: z.string().nullable(),
      network: z.enum(NETWORKS).nullable(),
      /** Until then the payout wallet was changed too recently to receive a withdrawal. */
      heldUntil: z.iso.datetime().nullable(),
    }),
  })
  .meta({ id: "WithdrawalOverview" });
export type TWithdrawalOverview = z.infer<typeof ZWithdrawalOverview>;

export const ZWithdrawalResult = z
  .object({ withdrawal: ZWithdrawal, balances: ZBalances })
  .meta({ id: "WithdrawalResult" });
export type TWithdrawalResult = z.infer<typeof ZWithdrawalResult>;

/** A payout network as the desk sees it (ADR 058): verified on chain or manual, and its hot wallet. */
export const ZPayoutNetwork = z
  .object({
    network: z.enum(NETWORKS),
    verified: z.boolean().describe("a chain client checks pasted hashes; false: manual"),
    requiredConfirmations: z.number().int().nullable(),
    hotWallet: z
      .object({
        address: z.string(),
        tokenMicroUsdt: ZMinorUnits.nullable().describe("null: the node did not answer"),
        gasWei: z.string().nullable(),
        capMicroUsdt: ZMinorUnits,
        sentTodayMicroUsdt: ZMinorUnits,
        remainingMicroUsdt: ZMinorUnits,
      })
      .nullable(),
  })
  .meta({ id: "PayoutNetwork" });
export type TPayoutNetwork = z.infer<typeof ZPayoutNetwork>;
export const ZPayoutNetworks = z
  .object({ networks: z.array(ZPayoutNetwork) })
  .meta({ id: "PayoutNetworks" });
export type TPayoutNetworks = z.infer<typeof ZPayoutNetworks>;

// ── Support ────────────────────────────────────────────────────────────────────────────────

export const SUPPORT_REQUEST_TYPES = SUPPORT_DESK.requestTypes;
export type SupportRequestType = (typeof SUPPORT_REQUEST_TYPES)[number];
export const SUPPORT_STATUSES = SUPPORT_DESK.statuses;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
/** What a member may open themselves (a withdrawal opens its own request). */
export const MEMBER_REQUEST_TYPES = ["WITHDRAWAL_QUESTION", "ACCOUNT", "PAYMENT", "OTHER"] as const;

/** A support request with the seeds' fields; a withdrawal's request carries its claim. */
export const ZSupportRequest = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    username: z.string(),
    requestType: z.enum(SUPPORT_REQUEST_TYPES),
    amountUsdt: ZMinorUnits.nullable(),
    network: z.enum(NETWORKS).nullable(),
    walletAddress: z.string().nullable(),
    status: z.enum(SUPPORT_STATUSES),
    message: z.string().nullable(),
    // Staff see who took it; whether its member may still cancel it is the member's concern.
    withdrawal: ZWithdrawal.omit({ cancellable: true })
      .extend({
        processedBy: z.string().nullable().describe("username of the staff member who took it"),
      })
      .nullable(),
    /** A withdrawal's member as the fraud queue sees them (staff only, ADR 071). */
    risk: ZDeskRisk.nullable().optional(),
    /** An APPEAL's cash-out pause (its reason and time) while it is in force (ADR 048). */
    appeal: z.object({ pauseReason: z.string(), pausedAt: z.iso.datetime() }).nullable().optional(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "SupportRequest" });
export type TSupportRequest = z.infer<typeof ZSupportRequest>;

export const ZCreateSupportRequest = z
  .object({
    requestType: z.enum(MEMBER_REQUEST_TYPES),
    message: z
      .string()
      .trim()
      .min(1, validationKey("messageRequired"))
      .max(SUPPORT_DESK.messageMaxLength, validationKey("tooLong")),
  })
  .meta({ id: "CreateSupportRequest" });
export type TCreateSupportRequest = z.infer<typeof ZCreateSupportRequest>;

/** The staff action a passkey challenge is bound to when it unlocks the desk (ADR 075). */
export const SUPPORT_UNLOCK_ACTION = "support.unlock";

/** The desk's gate with the staff member's password (the gate's form). */
export const ZSupportUnlockPassword = z
  .object({ password: z.string().min(1, validationKey("passwordRequired")).max(128) })
  .strict();
export type TSupportUnlockPassword = z.infer<typeof ZSupportUnlockPassword>;

/** The desk's gate: the staff member's password, or a passkey for SUPPORT_UNLOCK_ACTION. */
export const ZSupportUnlockRequest = z
  .union([ZSupportUnlockPassword, z.object({ passkey: ZPasskeyProof }).strict()])
  .meta({ id: "SupportUnlockRequest" });
export type TSupportUnlockRequest = z.infer<typeof ZSupportUnlockRequest>;

export const ZSupportUnlock = z
  .object({ unlockedUntil: z.iso.datetime().nullable() })
  .meta({ id: "SupportUnlock" });
export type TSupportUnlock = z.infer<typeof ZSupportUnlock>;

export const ZSupportListQuery = z.object({
  status: z.enum(SUPPORT_STATUSES).optional(),
  type: z.enum(SUPPORT_REQUEST_TYPES).optional(),
  member: z.string().trim().max(64).optional().describe("username (case-insensitive) prefix"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type TSupportListQuery = z.infer<typeof ZSupportListQuery>;

export const ZSupportPage = z
  .object({
    requests: z.array(ZSupportRequest),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: "SupportPage" });
export type TSupportPage = z.infer<typeof ZSupportPage>;

/**
 * The desk's status dropdown. For a withdrawal's request: PROCESSING takes it (one staff member
 * at a time), COMPLETED records the transaction hash (paid, or awaiting an admin's second
 * approval above the threshold), PENDING hands it back.
 */
export const ZUpdateSupportStatusRequest = z
  .object({
    status: z.enum(SUPPORT_STATUSES),
    txHash: z.string().trim().max(80).optional(),
  })
  .meta({ id: "UpdateSupportStatusRequest" });
export type TUpdateSupportStatusRequest = z.infer<typeof ZUpdateSupportStatusRequest>;

export const ZFailWithdrawalRequest = z
  .object({
    reason: z
      .string()
      .trim()
      .min(1, validationKey("reasonRequired"))
      .max(SUPPORT_DESK.reasonMaxLength, validationKey("tooLong")),
  })
  .meta({ id: "FailWithdrawalRequest" });
export type TFailWithdrawalRequest = z.infer<typeof ZFailWithdrawalRequest>;

export const ZSupportMessage = z
  .object({
    id: z.uuid(),
    author: z.string().describe("username of the author"),
    fromStaff: z.boolean(),
    body: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "SupportMessage" });
export type TSupportMessage = z.infer<typeof ZSupportMessage>;

export const ZSupportThread = z
  .object({ messages: z.array(ZSupportMessage) })
  .meta({ id: "SupportThread" });
export type TSupportThread = z.infer<typeof ZSupportThread>;

export const ZPostSupportMessage = z
  .object({
    body: z
      .string()
      .trim()
      .min(1, validationKey("messageRequired"))
      .max(SUPPORT_DESK.messageMaxLength, validationKey("tooLong")),
  })
  .meta({ id: "PostSupportMessage" });
export type TPostSupportMessage = z.infer<typeof ZPostSupportMessage>;

import { z } from "zod";
import { ADMIN, LOCALES } from "../constants";
import { validationKey as v } from "../errors";
import { ROLES } from "./accounts";
import { ZDeskRisk } from "./desk-risk";
import { ZBalances, ZMemberRef } from "./money";
import { ZPasskeyProof } from "./step-up";
import { ZLedgerTotalsByCurrency } from "./transparency";
import { ZSupportRequest } from "./withdrawals";

const ZMinor = z.string().regex(/^-?\d+$/);

/** Why a staff member acts: required, trimmed, at most ADMIN.reasonMaxLength characters. */
export const ZReason = z
  .string()
  .trim()
  .min(1, v("reasonRequired"))
  .max(ADMIN.reasonMaxLength, v("tooLong"));

export const ZAdminMemberSearch = z.object({
  q: z.string().trim().max(100).default(""),
  /** The last row of the previous page (its lower-cased username), for keyset paging. */
  after: z.string().max(100).optional(),
});
export type TAdminMemberSearch = z.infer<typeof ZAdminMemberSearch>;

export const ZAdminMemberRow = z
  .object({
    id: z.uuid(),
    username: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    suspended: z.boolean(),
    emailVerified: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "AdminMemberRow" });
export type TAdminMemberRow = z.infer<typeof ZAdminMemberRow>;

export const ZAdminMemberPage = z
  .object({ members: z.array(ZAdminMemberRow), next: z.string().nullable() })
  .meta({ id: "AdminMemberPage" });
export type TAdminMemberPage = z.infer<typeof ZAdminMemberPage>;

export const ZAuditEvent = z
  .object({
    id: z.uuid(),
    actor: ZMemberRef.nullable(),
    actorRole: z.string().nullable(),
    action: z.string(),
    target: ZMemberRef.nullable(),
    /** What the action touched besides the member ("withdrawal", "event_bonus" …) and its id. */
    targetType: z.string().nullable().optional(),
    targetId: z.string().nullable().optional(),
    reason: z.string().nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    address: z.string().nullable(),
    /** The members before/after name by id (AUDIT_MEMBER_KEYS), so the console shows usernames. */
    people: z.record(z.string(), ZMemberRef).optional(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "AuditEvent" });
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

/** Evidence that a sign-up and its referrer may be one person. */
export const FRAUD_FLAGS = ["sharedNetwork", "sharedDevice", "crowdedNetwork"] as const;
export const ZFraudFlag = z
  .object({ kind: z.enum(FRAUD_FLAGS), address: z.string().nullable(), accounts: z.number().int() })
  .meta({ id: "FraudFlag" });
export type TFraudFlag = z.infer<typeof ZFraudFlag>;

export const ZHeldReferral = z
  .object({
    id: z.uuid(),
    referrer: ZMemberRef,
    referee: ZMemberRef,
    viewsBonus: ZMinor,
    usdtBonus: ZMinor,
    status: z.enum(["PAID", "HELD", "REJECTED"]),
    flagReason: z.string().nullable(),
    refereeSignupIp: z.string().nullable(),
    referrerSignupIp: z.string().nullable(),
    refereeUserAgent: z.string().nullable(),
    referrerUserAgent: z.string().nullable(),
    accountsOnNetwork: z.number().int(),
    decisionReason: z.string().nullable(),
    decidedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "HeldReferral" });
export type THeldReferral = z.infer<typeof ZHeldReferral>;

export const ZAdminMemberDetail = z
  .object({
    member: ZAdminMemberRow.extend({
      isVerified: z.boolean(),
      locale: z.enum(LOCALES),
      twoFactorEnabled: z.boolean(),
      walletAddress: z.string().nullable(),
      walletNetwork: z.string().nullable(),
      signupIp: z.string().nullable(),
      signupUserAgent: z.string().nullable(),
    }),
    balances: ZBalances,
    ledger: z.array(
      z.object({
        id: z.string(),
        kind: z.string(),
        currency: z.enum(["VIEWS", "USDT"]),
        amount: ZMinor,
        balanceAfter: ZMinor.nullable(),
        createdAt: z.iso.datetime(),
      }),
    ),
    sessions: z.array(
      z.object({
        id: z.string(),
        ipAddress: z.string().nullable(),
        userAgent: z.string().nullable(),
        createdAt: z.iso.datetime(),
        expiresAt: z.iso.datetime(),
      }),
    ),
    referrer: ZMemberRef.nullable(),
    referrals: z.array(
      z.object({
        id: z.uuid(),
        referee: ZMemberRef,
        status: z.enum(["PAID", "HELD", "REJECTED"]),
        createdAt: z.iso.datetime(),
      }),
    ),
    flags: z.array(ZFraudFlag),
    /** The fraud queue's score, reasons and cluster for this member (one source, ADR 071). */
    risk: ZDeskRisk,
    audit: z.array(ZAuditEvent),
    /** The member's recent support requests (withdrawals included), newest first. */
    supportRequests: z.array(ZSupportRequest),
  })
  .meta({ id: "AdminMemberDetail" });
export type TAdminMemberDetail = z.infer<typeof ZAdminMemberDetail>;

export const ZAdminSuspendRequest = z
  .object({ suspended: z.boolean(), reason: ZReason })
  .meta({ id: "AdminSuspendRequest" });
export type TAdminSuspendRequest = z.infer<typeof ZAdminSuspendRequest>;

export const ZAdminRoleRequest = z
  .object({ role: z.enum(ROLES), reason: ZReason })
  .meta({ id: "AdminRoleRequest" });
export type TAdminRoleRequest = z.infer<typeof ZAdminRoleRequest>;

export const ZAdminReasonRequest = z.object({ reason: ZReason }).meta({ id: "AdminReasonRequest" });
export type TAdminReasonRequest = z.infer<typeof ZAdminReasonRequest>;

export const ZStepUpRequest = z
  .object({
    password: z.string().min(1).max(128).optional(),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, v("codeSixDigits"))
      .optional(),
    /** A passkey assertion for a challenge bound to `action` (ADR 074). */
    passkey: ZPasskeyProof.optional(),
    /** The staff action and target the passkey confirms (from the STEP_UP_REQUIRED answer). */
    action: z.string().min(1).max(300).optional(),
  })
  .refine((value) => !!value.password || !!value.code || (!!value.passkey && !!value.action), {
    path: ["password"],
    message: v("confirmWithPasswordOrCode"),
  })
  .meta({ id: "StepUpRequest" });
export type TStepUpRequest = z.infer<typeof ZStepUpRequest>;

export const ZStepUpState = z
  .object({ confirmedAt: z.iso.datetime(), validUntil: z.iso.datetime() })
  .meta({ id: "StepUpState" });
export type TStepUpState = z.infer<typeof ZStepUpState>;

export const ZAuditQuery = z.object({
  actor: z.string().trim().max(100).optional(),
  target: z.string().trim().max(100).optional(),
  action: z.string().trim().max(100).optional(),
  /** `createdAt|id` of the last row of the previous page. */
  before: z.string().max(100).optional(),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditPage = z
  .object({ events: z.array(ZAuditEvent), next: z.string().nullable() })
  .meta({ id: "AuditPage" });
export type TAuditPage = z.infer<typeof ZAuditPage>;

export const ZAdminOverview = z
  .object({
    totals: ZLedgerTotalsByCurrency,
    counts: z.object({
      members: z.number().int(),
      confirmed: z.number().int(),
      suspended: z.number().int(),
      staff: z.number().int(),
      heldReferrals: z.number().int(),
      onlineNow: z.number().int(),
      pendingWithdrawals: z.number().int(),
      awaitingApproval: z.number().int(),
      openSupportRequests: z.number().int(),
    }),
    reservesAlert: z
      .object({ at: z.iso.datetime(), reason: z.string() })
      .nullable()
      .describe(
        "the newest refused proof-of-reserves snapshot, until a snapshot succeeds (ADR 067)",
      ),
  })
  .meta({ id: "AdminOverview" });
export type TAdminOverview = z.infer<typeof ZAdminOverview>;

export const ZLedgerCheck = z
  .object({
    ok: z.boolean(),
    problems: z.array(z.string()),
    durationMs: z.number().int(),
    counts: z.object({
      transactions: z.number().int(),
      entries: z.number().int(),
      accounts: z.number().int(),
    }),
    checkedAt: z.iso.datetime(),
  })
  .meta({ id: "LedgerCheck" });
export type TLedgerCheck = z.infer<typeof ZLedgerCheck>;

export const ZHeldReferralResult = z
  .object({ referral: ZHeldReferral })
  .meta({ id: "HeldReferralResult" });

/** A withdrawal waiting for the second approval, with the member's recent withdrawals. */
export const ZPayoutApproval = z
  .object({ request: ZSupportRequest, history: z.array(ZSupportRequest) })
  .meta({ id: "PayoutApproval" });
export type TPayoutApproval = z.infer<typeof ZPayoutApproval>;

export const ZPayoutApprovals = z
  .object({ approvals: z.array(ZPayoutApproval) })
  .meta({ id: "PayoutApprovals" });
export type TPayoutApprovals = z.infer<typeof ZPayoutApprovals>;

/**
 * Every action the audit log records (ADR 023, 029, 050, 054), with what its row must hold besides
 * the actor, their role, the client address, the time and the state before and after:
 * - `reason`: the staff member gave a reason (the row's `reason` is not empty);
 * - `money`: the action moves (or decides about) money: `after` names the amount (`auditAmounts`);
 * - `target`: "member" when the row names the member acted on, "desk" for the support desk's gate,
 *   "platform" for an action on the platform itself (a reserves snapshot).
 * The server test `modules/audit/audit.routes.test.ts` finds every action in the code and checks
 * it is listed here and that its row is complete; the console labels each (locales
 * `admin:audit.actions`).
 */
export const AUDIT_ACTIONS = {
  "bonus.grant": { reason: true, money: true, target: "member" },
  "referral.approve": { reason: true, money: true, target: "member" },
  "referral.reject": { reason: true, money: false, target: "member" },
  "member.suspend": { reason: true, money: false, target: "member" },
  "member.reinstate": { reason: true, money: false, target: "member" },
  "member.role": { reason: true, money: false, target: "member" },
  "member.sessions.revoke": { reason: true, money: false, target: "member" },
  "withdrawal.take": { reason: false, money: true, target: "member" },
  "withdrawal.release": { reason: false, money: true, target: "member" },
  "withdrawal.complete": { reason: false, money: true, target: "member" },
  // Written before ADR 062 (a hash recorded before the approval): still labelled, no longer written.
  "withdrawal.complete_awaiting_approval": {
    reason: false,
    money: true,
    target: "member",
    legacy: true,
  },
  "withdrawal.approve": { reason: false, money: true, target: "member" },
  "withdrawal.fail": { reason: true, money: true, target: "member" },
  // Payouts the chain confirms (ADR 058): the job acts as "system" (no actor).
  "withdrawal.request_approval": { reason: false, money: true, target: "member" },
  "withdrawal.verify": { reason: false, money: true, target: "member" },
  "withdrawal.verify_refused": { reason: true, money: true, target: "member" },
  "withdrawal.send": { reason: false, money: true, target: "member" },
  "withdrawal.replace": { reason: false, money: true, target: "member" },
  "withdrawal.confirm": { reason: false, money: true, target: "member", system: true },
  "withdrawal.return": { reason: true, money: true, target: "member", system: true },
  // The member's own action (ADR 054): the actor is the member, role "member".
  "withdrawal.cancel": { reason: false, money: true, target: "member" },
  "hold.clear": { reason: true, money: true, target: "member" },
  "hold.claw_back": { reason: true, money: true, target: "member" },
  "fraud.clear": { reason: true, money: false, target: "member" },
  "fraud.cashout.pause": { reason: true, money: false, target: "member" },
  "fraud.cashout.lift": { reason: true, money: false, target: "member" },
  "fraud.clawback": { reason: true, money: true, target: "member" },
  "support.status": { reason: false, money: false, target: "member" },
  "support.reply": { reason: false, money: false, target: "member" },
  // Support asks an admin to review a member in risk review (ADR 071); the note is the reason.
  "support.review_request": { reason: false, money: false, target: "member" },
  "support.unlock": { reason: false, money: false, target: "desk" },
  "support.unlock_denied": { reason: false, money: false, target: "desk" },
  // Proof of reserves on demand (ADR 067): the row names the snapshot (target_type reserve_snapshot).
  "reserves.snapshot": { reason: false, money: false, target: "platform" },
} as const satisfies Record<
  string,
  // system: written by a job (no actor, role "system", no client address); legacy: old rows only.
  {
    reason: boolean;
    money: boolean;
    target: "member" | "desk" | "platform";
    system?: boolean;
    legacy?: boolean;
  }
>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** Keys of an audit row's before/after that hold an amount in minor units, with its currency. */
const AMOUNT_KEYS: Record<string, "VIEWS" | "USDT"> = {
  views: "VIEWS",
  heldViews: "VIEWS",
  viewsBonus: "VIEWS",
  usdt: "USDT",
  usdtBonus: "USDT",
};

/** Keys whose value is a member's profile id (the console shows the member by username). */
export const AUDIT_MEMBER_KEYS = ["processedBy", "approvedBy", "referrer", "referee"] as const;

export interface AuditAmount {
  key: string;
  amount: string;
  currency: "VIEWS" | "USDT";
}

/**
 * The amounts a before/after names: `amount` with its `currency`, and the keys of AMOUNT_KEYS.
 * Amounts are minor units (whole views, micro-USDT) as integer strings.
 */
export function auditAmounts(value: Record<string, unknown> | null | undefined): AuditAmount[] {
  if (!value) return [];
  const found: AuditAmount[] = [];
  const minor = (v: unknown) =>
    (typeof v === "string" || typeof v === "number") && /^-?\d+$/.test(String(v));
  for (const [key, v] of Object.entries(value)) {
    if (!minor(v)) continue;
    if (key === "amount" && (value.currency === "VIEWS" || value.currency === "USDT")) {
      found.push({ key, amount: String(v), currency: value.currency });
    } else if (AMOUNT_KEYS[key]) {
      found.push({ key, amount: String(v), currency: AMOUNT_KEYS[key] });
    }
  }
  return found;
}

/**
 * Every key an audit row's before/after may hold (the server's audit-completeness test fails on
 * one missing here); the console labels each (locales `admin:audit.fields`), and the console's
 * code test renders every one in both languages.
 */
export const AUDIT_DETAIL_KEYS = [
  "actual",
  "amount",
  "appealRequestId",
  "approvedBy",
  "body",
  "cashoutPaused",
  "confirmations",
  "failureReason",
  "from",
  "heldViews",
  "latestSnapshotId",
  "level",
  "maxFeePerGas",
  "nonce",
  "pauseReason",
  "pausedAt",
  "processedBy",
  "reasons",
  "replaces",
  "returnReason",
  "reviewedAt",
  "reviewRequestedAt",
  "root",
  "role",
  "score",
  "sessions",
  "snapshotId",
  "status",
  "suspended",
  "txHash",
  "txVerified",
  "unlockedUntil",
  "usdt",
  "usdtBonus",
  "views",
  "viewsBonus",
] as const;

/** The before/after keys whose value is a code the console translates (`admin:audit.values`). */
export const AUDIT_CODED_KEYS = ["status", "level", "returnReason"] as const;

/**
 * Every code those keys may hold: withdrawal, support, referral, hold and bonus statuses, risk
 * levels and why the chain returned a payout (the audit-completeness test fails on one missing).
 */
export const AUDIT_VALUES = [
  "SENT",
  "AWAITING_APPROVAL",
  "CONFIRMING",
  "COMPLETED",
  "FAILED",
  "CANCELLED",
  "PENDING",
  "PROCESSING",
  "HELD",
  "PAID",
  "REJECTED",
  "AVAILABLE",
  "CLAIMED",
  "CLEARED",
  "CLAWED_BACK",
  "low",
  "normal",
  "high",
  "REVERTED",
  "DROPPED",
  "REPLACED",
] as const;

/**
 * Every kind of ledger transaction (`ledger_post`'s first argument, and the services' postings);
 * the admin member page names each (locales `admin:member.ledgerKinds`). A server test finds every
 * kind the code posts and checks it is listed here.
 */
export const LEDGER_KINDS = [
  "account_deletion_forfeit",
  "adjustment",
  "annual_claim",
  "boost",
  "daily_claim",
  "event_bonus",
  "hold_claw_back",
  "hold_clear",
  "market_buy",
  "market_cancel",
  "market_list",
  "milestone_reward",
  "mystery_box",
  "referral_commission",
  "referral_reward",
  "signup_bonus",
  "swap",
  "transfer",
  "verification",
  "video_post",
  "view_request",
  "view_request_match",
  "view_request_refund",
  "watch_reward",
  "withdrawal_cancel",
  "withdrawal_payout",
  "withdrawal_request",
  "withdrawal_return",
] as const;

import { functionCall } from "../../db/function-call";
import type { Member } from "../../lib/member";
import type { Idempotency } from "../idempotency/idempotency";
import { command, IDEMPOTENCY_ARGS } from "../ledger/money-command";

/**
 * The payout commands, declared once (ADR 043): the desk's (db/functions/payouts-desk.sql) and the
 * chain-verified payouts' (db/functions/payouts-chain.sql). The signature test checks each one
 * against pg_proc.
 */

/** Who acts at the desk, on which support request, under which Idempotency-Key. */
export interface DeskActor {
  staff: Member;
  ip: string;
  requestId: string;
  idem: Idempotency;
}

/** Every staff command starts with who acts (profile, role, address) and the Idempotency-Key. */
export const STAFF_ACTOR = {
  p_staff: "uuid",
  p_role: "text",
  p_ip: "text",
  ...IDEMPOTENCY_ARGS,
  p_request: "uuid",
} as const;

/** The STAFF_ACTOR arguments of a desk action. */
export function staffActor({ staff, ip, idem, requestId }: DeskActor) {
  return { staff: staff.profile.id, role: staff.profile.role, ip, ...idem, request: requestId };
}

const NOW = { p_now: "timestamptz" } as const;

// ── The desk (manual networks, and every network's take, hand-back, approval and failure) ──
export const TAKE = command("vv_withdraw_take", { ...STAFF_ACTOR, ...NOW }, { posts: false });
export const RELEASE = command("vv_withdraw_release", { ...STAFF_ACTOR, ...NOW }, { posts: false });
export const COMPLETE = command("vv_withdraw_complete", {
  ...STAFF_ACTOR,
  p_tx_hash: "text?",
  ...NOW,
});
export const FAIL = command("vv_withdraw_fail", { ...STAFF_ACTOR, p_reason: "text", ...NOW });

// ── Payouts the chain confirms (ADR 058) ──
export const REQUEST_APPROVAL = command(
  "vv_withdraw_request_approval",
  { ...STAFF_ACTOR, ...NOW },
  { posts: false },
);
export const VERIFY = command(
  "vv_withdraw_verify",
  {
    ...STAFF_ACTOR,
    p_tx_hash: "text",
    p_block: "bigint?",
    p_confirmations: "int",
    p_required: "int",
    ...NOW,
  },
  { posts: false },
);
export const NONCE = functionCall(
  "vv_payout_nonce",
  { p_network: "text", p_address: "text", p_chain_nonce: "int", p_day_start: "timestamptz" },
  "jsonb",
);
export const SEND = command(
  "vv_payout_send",
  {
    ...STAFF_ACTOR,
    p_from: "text",
    p_nonce: "int",
    p_raw: "text",
    p_tx_hash: "text",
    p_max_fee: "text",
    p_max_priority_fee: "text",
    p_cap: "bigint",
    p_day_start: "timestamptz",
    p_required: "int",
    ...NOW,
  },
  { posts: false },
);
export const REPLACE = command(
  "vv_payout_replace",
  {
    ...STAFF_ACTOR,
    p_old_send: "uuid",
    p_raw: "text",
    p_tx_hash: "text",
    p_max_fee: "text",
    p_max_priority_fee: "text",
    ...NOW,
  },
  { posts: false },
);

// ── The confirmations job ──
export const PROGRESS = functionCall(
  "vv_withdraw_progress",
  { p_claim: "uuid", p_tx_hash: "text", p_confirmations: "int", ...NOW },
  "boolean",
);
export const CONFIRM = functionCall(
  "vv_withdraw_confirm",
  {
    p_claim: "uuid",
    p_tx_hash: "text",
    p_confirmations: "int",
    p_explorer_url: "text",
    ...NOW,
  },
  "jsonb",
);
export const GONE_SEEN = functionCall(
  "vv_withdraw_gone_seen",
  { p_claim: "uuid", p_tx_hash: "text", ...NOW },
  "timestamptz",
);
export const RETURN = functionCall(
  "vv_withdraw_return",
  { p_claim: "uuid", p_tx_hash: "text", p_reason: "text", ...NOW },
  "jsonb",
);

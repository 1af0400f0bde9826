-- The support desk's withdrawal commands (ADR 021–023, 061): take, hand back, complete on a manual
-- network or give the second approval, fail. Each locks the claim first (vv_lock_claim in
-- withdrawals.sql) and honours an Idempotency-Key claimed under the staff member's profile: a
-- lost answer replays instead of answering "already completed".
--
-- The ONE current definition of each function below (ADR 042): edit it here, never in a
-- migration. Applied after the migrations when this file's sha256 changes (src/db/migrate.ts).

-- PROCESSING: a staff member takes a waiting withdrawal. The conditional UPDATE settles a race:
-- of two staff members taking it at once, the second finds it taken.
CREATE OR REPLACE FUNCTION vv_withdraw_take(
  p_staff uuid, p_role text, p_ip text, p_key text, p_route text, p_hash text,
  p_request uuid, p_now timestamptz
)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_staff, p_key, p_route, p_hash);
  v_claim manual_claims%ROWTYPE;
  v_after manual_claims%ROWTYPE;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  v_claim := vv_lock_claim(p_request, p_staff);
  IF v_claim.status <> 'SENT' THEN
    PERFORM vv_refuse('CONFLICT', jsonb_build_object('context', 'withdrawalState', 'status', v_claim.status));
  END IF;
  UPDATE manual_claims SET processed_by = p_staff, processing_at = p_now, updated_at = p_now
  WHERE id = v_claim.id AND status = 'SENT' AND (processed_by IS NULL OR processed_by = p_staff)
  RETURNING * INTO v_after;
  IF v_after.id IS NULL THEN PERFORM vv_refuse('CONFLICT', '{"context": "withdrawalTaken"}'); END IF;
  UPDATE support_requests SET status = 'PROCESSING', updated_at = p_now WHERE id = p_request;
  PERFORM vv_withdraw_step(v_claim.id, 'in_review', NULL, NULL, p_now);
  PERFORM vv_audit(p_staff, p_role, 'withdrawal.take', v_claim.user_id, 'withdrawal', v_claim.id::text,
    vv_claim_audit(v_claim), vv_claim_audit(v_after), NULL, p_ip, p_now);
  RETURN vv_answer(p_staff, p_key, 200, jsonb_build_object('requestId', p_request), ARRAY[v_claim.user_id]);
END;
$$;

-- PENDING: the staff member who took a withdrawal (or an admin) hands it back to the queue.
CREATE OR REPLACE FUNCTION vv_withdraw_release(
  p_staff uuid, p_role text, p_ip text, p_key text, p_route text, p_hash text,
  p_request uuid, p_now timestamptz
)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_staff, p_key, p_route, p_hash);
  v_claim manual_claims%ROWTYPE;
  v_after manual_claims%ROWTYPE;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  v_claim := vv_lock_claim(p_request, p_staff);
  IF v_claim.status <> 'SENT' THEN
    PERFORM vv_refuse('CONFLICT', jsonb_build_object('context', 'withdrawalState', 'status', v_claim.status));
  END IF;
  IF v_claim.processed_by IS NOT NULL AND v_claim.processed_by <> p_staff AND p_role <> 'admin' THEN
    PERFORM vv_refuse('CONFLICT', '{"context": "withdrawalTaken"}');
  END IF;
  UPDATE manual_claims SET processed_by = NULL, processing_at = NULL, updated_at = p_now
  WHERE id = v_claim.id RETURNING * INTO v_after;
  UPDATE support_requests SET status = 'PENDING', updated_at = p_now WHERE id = p_request;
  PERFORM vv_withdraw_step(v_claim.id, 'released', NULL, NULL, p_now);
  PERFORM vv_audit(p_staff, p_role, 'withdrawal.release', v_claim.user_id, 'withdrawal', v_claim.id::text,
    vv_claim_audit(v_claim), vv_claim_audit(v_after), NULL, p_ip, p_now);
  RETURN vv_answer(p_staff, p_key, 200, jsonb_build_object('requestId', p_request), ARRAY[v_claim.user_id]);
END;
$$;

-- Pays a withdrawal out of escrow: what the member receives to the payouts account, the network
-- fee to the fees account (the fee posting), in one balanced transaction.
CREATE OR REPLACE FUNCTION vv_withdraw_settle(p_claim manual_claims, p_actor uuid) RETURNS uuid
LANGUAGE plpgsql AS $$
BEGIN
  RETURN ledger_post('withdrawal_payout', p_actor,
    jsonb_build_object('withdrawalId', p_claim.id, 'network', p_claim.network, 'txHash', p_claim.tx_hash),
    ARRAY[vv_account(p_claim.user_id, 'USDT', 'member_pending'), vv_system_account('payouts', 'USDT'),
          vv_system_account('fees', 'USDT')],
    ARRAY[-p_claim.amount_usdt, p_claim.amount_usdt - p_claim.fee_usdt, p_claim.fee_usdt],
    ARRAY[NULL, p_claim.user_id, p_claim.user_id]::uuid[]);
END;
$$;

-- How a paid withdrawal's last step reads (ADR 073): "confirmed" only for what the chain
-- confirmed; a hash support recorded by hand is "recorded" (sent by support, not verified on
-- chain) — in the timeline, the notification and the e-mail alike.
CREATE OR REPLACE FUNCTION vv_withdraw_paid_step(p_claim manual_claims) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN coalesce(p_claim.tx_verified, false) THEN 'confirmed' ELSE 'recorded' END;
$$;

-- COMPLETED on a manual network (no chain client, ADR 058; never on one the server verifies,
-- payout_verified_networks — ADR 073). On a taken withdrawal: only the
-- staff member who took it records the transaction hash, and it is paid at once — above the
-- four-eyes threshold only once an admin approved it (ADR 062: the approval comes before anyone
-- sends, on every network). On a withdrawal awaiting approval: an admin who is neither the member
-- nor the staff member who processed it approves — it goes back to its processor, approved, to
-- be sent (or, for a claim recorded with a hash before ADR 062, it is paid). A second completion
-- finds it COMPLETED.
CREATE OR REPLACE FUNCTION vv_withdraw_complete(
  p_staff uuid, p_role text, p_ip text, p_key text, p_route text, p_hash text,
  p_request uuid, p_tx_hash text, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_staff, p_key, p_route, p_hash);
  v_claim manual_claims%ROWTYPE;
  v_after manual_claims%ROWTYPE;
  v_tx uuid;
  v_action text;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  v_claim := vv_lock_claim(p_request, p_staff);
  IF v_claim.status = 'AWAITING_APPROVAL' THEN
    IF p_role <> 'admin' THEN PERFORM vv_refuse('FORBIDDEN', '{"context": "secondApprovalRole"}'); END IF;
    IF p_staff = v_claim.processed_by THEN PERFORM vv_refuse('FORBIDDEN', '{"context": "secondApproval"}'); END IF;
    PERFORM vv_withdraw_risk_check(v_claim.user_id);
    IF v_claim.tx_hash IS NULL THEN
      -- Approved before sending: back to its processor, who may now send it.
      UPDATE manual_claims SET status = 'SENT', approved_by = p_staff, approved_at = p_now, updated_at = p_now
      WHERE id = v_claim.id RETURNING * INTO v_after;
      PERFORM vv_withdraw_step(v_claim.id, 'approved', NULL, NULL, p_now);
    ELSE
      v_tx := vv_withdraw_settle(v_claim, p_staff);
      UPDATE manual_claims SET status = 'COMPLETED', approved_by = p_staff, approved_at = p_now,
        settle_transaction_id = v_tx, updated_at = p_now
      WHERE id = v_claim.id RETURNING * INTO v_after;
      PERFORM vv_withdraw_step(v_claim.id, 'approved', NULL, NULL, p_now);
      PERFORM vv_withdraw_step(v_claim.id, vv_withdraw_paid_step(v_after), v_claim.tx_hash, NULL, p_now);
    END IF;
    v_action := 'withdrawal.approve';
  ELSE
    -- Waiting, taken by this staff member, and — above the four-eyes threshold — approved by an
    -- admin BEFORE anything is sent, on every network (ADR 062): a recorded hash on an unapproved
    -- claim is refused (vv_withdraw_request_approval asks for the approval first).
    PERFORM vv_withdraw_sendable(v_claim, p_staff, true);
    -- A network the server verifies on chain is never completed by hand (ADR 073): its hash goes
    -- through the chain client (vv_withdraw_verify).
    IF EXISTS (SELECT 1 FROM payout_verified_networks WHERE network = v_claim.network) THEN
      PERFORM vv_refuse('CONFLICT', jsonb_build_object('context', 'verifiedNetwork', 'network', v_claim.network));
    END IF;
    v_claim.tx_hash := p_tx_hash;
    v_tx := vv_withdraw_settle(v_claim, p_staff);
    UPDATE manual_claims SET status = 'COMPLETED', tx_hash = p_tx_hash, settle_transaction_id = v_tx,
      updated_at = p_now
    WHERE id = v_claim.id RETURNING * INTO v_after;
    PERFORM vv_withdraw_step(v_claim.id, vv_withdraw_paid_step(v_after), p_tx_hash, NULL, p_now);
    v_action := 'withdrawal.complete';
  END IF;
  IF v_after.status = 'COMPLETED' THEN
    UPDATE support_requests SET status = 'COMPLETED', updated_at = p_now WHERE id = p_request;
    PERFORM vv_withdraw_tell(v_after,
      CASE vv_withdraw_paid_step(v_after) WHEN 'confirmed' THEN 'payoutConfirmed' ELSE 'payoutRecorded' END,
      'withdrawal-completed', 'withdrawalCompleted',
      jsonb_build_object(
        'amount', v_after.amount_usdt::text, 'net', (v_after.amount_usdt - v_after.fee_usdt)::text,
        'network', v_after.network, 'address', v_after.wallet_address, 'txHash', v_after.tx_hash,
        'steps', vv_withdraw_steps_text(v_claim.id)), p_now);
  END IF;
  PERFORM vv_audit(p_staff, p_role, v_action, v_claim.user_id, 'withdrawal', v_claim.id::text,
    vv_claim_audit(v_claim), vv_claim_audit(v_after), NULL, p_ip, p_now);
  RETURN vv_answer(p_staff, p_key, 200, jsonb_build_object('requestId', p_request), ARRAY[v_claim.user_id]);
END;
$$;

-- FAILED (with the reason shown to the member): the full amount returns from escrow to the
-- member's USDT balance. A waiting withdrawal nobody has taken yet may be failed by any staff
-- member (ADR 054: nothing was sent, so nobody needs to take it first); a taken one only by the
-- staff member who took it, or by an admin once it awaits approval.
CREATE OR REPLACE FUNCTION vv_withdraw_fail(
  p_staff uuid, p_role text, p_ip text, p_key text, p_route text, p_hash text,
  p_request uuid, p_reason text, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_staff, p_key, p_route, p_hash);
  v_claim manual_claims%ROWTYPE;
  v_after manual_claims%ROWTYPE;
  v_tx uuid;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  v_claim := vv_lock_claim(p_request, p_staff);
  IF v_claim.status NOT IN ('SENT', 'AWAITING_APPROVAL') THEN
    PERFORM vv_refuse('CONFLICT', jsonb_build_object('context', 'withdrawalState', 'status', v_claim.status));
  END IF;
  IF v_claim.processed_by <> p_staff AND NOT (v_claim.status = 'AWAITING_APPROVAL' AND p_role = 'admin') THEN
    PERFORM vv_refuse('CONFLICT', '{"context": "withdrawalTaken"}');
  END IF;
  v_tx := ledger_post('withdrawal_return', p_staff,
    jsonb_build_object('withdrawalId', v_claim.id, 'reason', p_reason),
    ARRAY[vv_account(v_claim.user_id, 'USDT', 'member_pending'), vv_account(v_claim.user_id, 'USDT')],
    ARRAY[-v_claim.amount_usdt, v_claim.amount_usdt], ARRAY[NULL, NULL]::uuid[]);
  UPDATE manual_claims SET status = 'FAILED', failure_reason = p_reason, settle_transaction_id = v_tx,
    updated_at = p_now
  WHERE id = v_claim.id RETURNING * INTO v_after;
  PERFORM vv_withdraw_step(v_claim.id, 'failed', NULL, p_reason, p_now);
  UPDATE support_requests SET status = 'COMPLETED', updated_at = p_now WHERE id = p_request;
  PERFORM vv_withdraw_tell(v_after, 'payoutFailed', 'withdrawal-failed', 'withdrawalFailed',
    jsonb_build_object(
      'amount', v_claim.amount_usdt::text, 'network', v_claim.network, 'reason', p_reason,
      'steps', vv_withdraw_steps_text(v_claim.id)), p_now);
  PERFORM vv_audit(p_staff, p_role, 'withdrawal.fail', v_claim.user_id, 'withdrawal', v_claim.id::text,
    vv_claim_audit(v_claim), vv_claim_audit(v_after), p_reason, p_ip, p_now);
  RETURN vv_answer(p_staff, p_key, 200, jsonb_build_object('requestId', p_request), ARRAY[v_claim.user_id]);
END;
$$;

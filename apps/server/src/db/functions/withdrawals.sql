-- Withdrawals (issue 11, ADR 021–023). Money commands in the shape of ADR 013: one statement
-- each, the races settled here by row locks and conditional updates. The staff commands honour
-- an Idempotency-Key too (claimed under the staff member's profile): a lost answer replays
-- instead of answering "already completed".
--
-- The ONE current definition of each function below (ADR 042): edit it here, never in a
-- migration. Applied after the migrations when this file's sha256 changes (src/db/migrate.ts).

-- The parts of a withdrawal the audit log keeps as before/after.
CREATE OR REPLACE FUNCTION vv_claim_audit(p_claim manual_claims) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN jsonb_build_object('status', p_claim.status, 'processedBy', p_claim.processed_by,
    'txHash', p_claim.tx_hash, 'failureReason', p_claim.failure_reason,
    'approvedBy', p_claim.approved_by, 'amount', p_claim.amount_usdt::text, 'currency', 'USDT',
    'txVerified', p_claim.tx_verified, 'confirmations', p_claim.confirmations,
    'returnReason', p_claim.return_reason);
END;
$$;

-- The ONE place a withdrawal's state change is written to its timeline (ADR 058): every
-- transition below calls it once, so whatever else must follow a transition (a notification) is
-- added here.
CREATE OR REPLACE FUNCTION vv_withdraw_step(
  p_claim uuid, p_step text, p_tx_hash text, p_reason text, p_now timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO withdrawal_timeline (withdrawal_id, step, tx_hash, reason, created_at)
  VALUES (p_claim, p_step, p_tx_hash, p_reason, p_now);
END;
$$;

-- Tells the member a payout moved (issue 24): the inbox row and push by vv_notify, in this
-- transaction; the e-mail, when the member keeps e-mail on for the kind, is the withdrawal's own
-- (p_mail_template with its timeline and explorer link), not the generic notification e-mail.
-- The inbox shows the amount that moves: the net sent or confirmed, the whole amount returned.
CREATE OR REPLACE FUNCTION vv_withdraw_tell(
  p_claim manual_claims, p_kind text, p_mail_kind text, p_mail_template text, p_mail_params jsonb,
  p_now timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vv_notify(p_claim.user_id, p_kind, jsonb_build_object(
    'withdrawalId', p_claim.id::text,
    'amount', vv_usdt_text(CASE p_kind WHEN 'payoutFailed' THEN p_claim.amount_usdt
                                       ELSE p_claim.amount_usdt - p_claim.fee_usdt END),
    'network', p_claim.network), p_now);
  IF p_mail_template IS NOT NULL AND vv_notify_wants(p_claim.user_id, p_kind, 'email') THEN
    PERFORM vv_notice(p_claim.user_id, p_mail_kind, p_mail_template, p_mail_params);
  END IF;
END;
$$;

-- A withdrawal's timeline as one text parameter of its e-mails: "step@ISO-time" entries joined
-- by "|", oldest first (the mail renderer words and formats them in the member's language).
CREATE OR REPLACE FUNCTION vv_withdraw_steps_text(p_claim uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(string_agg(step || '@' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    '|' ORDER BY id), '')
  FROM withdrawal_timeline WHERE withdrawal_id = p_claim;
$$;

-- A withdrawal request (the seeds' checks ran in the service): the member's USDT account is
-- locked first, so a member's concurrent requests queue here and each reads the balance, the
-- payout wallet's age and the day's total after the previous one committed — the daily limit
-- holds exactly. Then the amount moves to the member's pending account (escrow), the claim and
-- its support request are written, the member and the support inbox get their notices.
CREATE OR REPLACE FUNCTION vv_withdraw_request(
  p_member uuid, p_key text, p_route text, p_hash text,
  p_amount bigint, p_fee bigint, p_network text, p_address text,
  p_now timestamptz, p_day_start timestamptz, p_limit_unverified bigint, p_limit_verified bigint,
  p_hold_hours int, p_second_above bigint, p_support_email text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_member, p_key, p_route, p_hash);
  v_account bigint;
  v_balance bigint;
  v_profile record;
  v_limit bigint;
  v_used bigint;
  v_tx uuid;
  v_claim manual_claims%ROWTYPE;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  SELECT id, balance INTO v_account, v_balance FROM ledger_accounts
  WHERE profile_id = p_member AND kind = 'member' AND currency = 'USDT' FOR UPDATE;
  SELECT p.username, p.is_verified, p.wallet_changed_at, u.email INTO v_profile
  FROM profiles p JOIN users u ON u.id = p.auth_uid WHERE p.id = p_member;
  IF v_balance < p_amount THEN
    PERFORM vv_refuse('INSUFFICIENT_BALANCE', '{"context": "withdrawal"}', 'amount');
  END IF;
  IF v_profile.wallet_changed_at IS NOT NULL
     AND v_profile.wallet_changed_at > p_now - make_interval(hours => p_hold_hours) THEN
    PERFORM vv_refuse('WALLET_ADDRESS_TOO_NEW', jsonb_build_object('hours', p_hold_hours), 'walletAddress');
  END IF;
  v_limit := CASE WHEN v_profile.is_verified THEN p_limit_verified ELSE p_limit_unverified END;
  SELECT coalesce(sum(amount_usdt), 0) INTO v_used FROM manual_claims
  WHERE user_id = p_member AND created_at >= p_day_start AND status NOT IN ('FAILED', 'CANCELLED');
  IF v_used + p_amount > v_limit THEN
    PERFORM vv_refuse('DAILY_LIMIT_REACHED', jsonb_build_object('context', 'withdrawal',
      'limit', vv_usdt_text(v_limit), 'remaining', vv_usdt_text(greatest(v_limit - v_used, 0))), 'amount');
  END IF;
  v_tx := ledger_post('withdrawal_request', p_member, jsonb_build_object('network', p_network),
    ARRAY[v_account, vv_account(p_member, 'USDT', 'member_pending')], ARRAY[-p_amount, p_amount],
    ARRAY[NULL, NULL]::uuid[]);
  INSERT INTO manual_claims (user_id, amount_usdt, fee_usdt, wallet_address, network,
                             needs_second_approval, ledger_transaction_id, created_at, updated_at)
  VALUES (p_member, p_amount, p_fee, p_address, p_network, p_amount > p_second_above, v_tx, p_now, p_now)
  RETURNING * INTO v_claim;
  INSERT INTO support_requests (user_id, username, request_type, amount_usdt, network, wallet_address,
                                withdrawal_id, created_at, updated_at)
  VALUES (p_member, v_profile.username, 'WITHDRAWAL', p_amount, p_network, p_address, v_claim.id, p_now, p_now);
  PERFORM vv_withdraw_step(v_claim.id, 'requested', NULL, NULL, p_now);
  PERFORM vv_notice(p_member, 'withdrawal-submitted', 'withdrawalSubmitted', jsonb_build_object(
    'amount', p_amount::text, 'fee', p_fee::text, 'network', p_network, 'address', p_address));
  IF p_support_email IS NOT NULL THEN
    INSERT INTO mail_outbox ("to", kind, template, params)
    VALUES (p_support_email, 'withdrawal-support', 'withdrawalSupport', jsonb_build_object(
      'amount', p_amount::text, 'fee', p_fee::text, 'network', p_network, 'address', p_address,
      'username', v_profile.username, 'email', v_profile.email, 'withdrawalId', v_claim.id::text));
  END IF;
  RETURN vv_answer(p_member, p_key, 201,
    jsonb_build_object('withdrawal', to_jsonb(v_claim), 'balances', vv_balances(p_member)), ARRAY[p_member]);
END;
$$;

-- The withdrawal behind a support request, locked: every staff command on it starts here, so
-- two staff members (or completing and failing) on the same withdrawal run one after the other.
CREATE OR REPLACE FUNCTION vv_lock_claim(p_request uuid, p_staff uuid) RETURNS manual_claims
LANGUAGE plpgsql AS $$
DECLARE
  v_claim manual_claims%ROWTYPE;
BEGIN
  SELECT c.* INTO v_claim FROM support_requests r JOIN manual_claims c ON c.id = r.withdrawal_id
  WHERE r.id = p_request FOR UPDATE OF c;
  IF v_claim.id IS NULL THEN PERFORM vv_refuse('NOT_FOUND', '{"context": "withdrawal"}'); END IF;
  IF v_claim.user_id = p_staff THEN PERFORM vv_refuse('FORBIDDEN', '{"context": "ownWithdrawal"}'); END IF;
  RETURN v_claim;
END;
$$;

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

-- COMPLETED on a manual network (no chain client, ADR 058: unchanged). On a taken withdrawal:
-- only the staff member who took it records the transaction hash; at or below the four-eyes
-- threshold it is paid at once, above it waits for a second approval. On a withdrawal awaiting
-- approval: an admin who is neither the member nor the staff member who processed it approves —
-- and it is paid when its hash was recorded (manual), or it goes back to its processor, approved,
-- to be sent when no hash was (a chain-verified network: the approval comes before sending). A
-- second completion finds it COMPLETED.
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
      PERFORM vv_withdraw_step(v_claim.id, 'confirmed', v_claim.tx_hash, NULL, p_now);
    END IF;
    v_action := 'withdrawal.approve';
  ELSIF v_claim.status <> 'SENT' THEN
    PERFORM vv_refuse('CONFLICT', jsonb_build_object('context', 'withdrawalState', 'status', v_claim.status));
  ELSIF v_claim.processed_by IS NULL THEN
    PERFORM vv_refuse('CONFLICT', '{"context": "withdrawalNotTaken"}');
  ELSIF v_claim.processed_by <> p_staff THEN
    PERFORM vv_refuse('CONFLICT', '{"context": "withdrawalTaken"}');
  ELSIF v_claim.needs_second_approval AND v_claim.approved_at IS NULL THEN
    -- (Approved already: an admin approved it before sending, ADR 058 — it is paid at once.)
    UPDATE manual_claims SET status = 'AWAITING_APPROVAL', tx_hash = p_tx_hash, updated_at = p_now
    WHERE id = v_claim.id RETURNING * INTO v_after;
    PERFORM vv_withdraw_step(v_claim.id, 'approval_requested', p_tx_hash, NULL, p_now);
    v_action := 'withdrawal.complete_awaiting_approval';
  ELSE
    v_claim.tx_hash := p_tx_hash;
    v_tx := vv_withdraw_settle(v_claim, p_staff);
    UPDATE manual_claims SET status = 'COMPLETED', tx_hash = p_tx_hash, settle_transaction_id = v_tx,
      updated_at = p_now
    WHERE id = v_claim.id RETURNING * INTO v_after;
    PERFORM vv_withdraw_step(v_claim.id, 'sent', p_tx_hash, NULL, p_now);
    PERFORM vv_withdraw_step(v_claim.id, 'confirmed', p_tx_hash, NULL, p_now);
    v_action := 'withdrawal.complete';
  END IF;
  IF v_after.status = 'COMPLETED' THEN
    UPDATE support_requests SET status = 'COMPLETED', updated_at = p_now WHERE id = p_request;
    PERFORM vv_withdraw_tell(v_after, 'payoutConfirmed', 'withdrawal-completed', 'withdrawalCompleted',
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
-- member (issue 27: nothing was sent, so nobody needs to take it first); a taken one only by the
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

-- CANCELLED (issue 27): the member withdraws a request no staff member has taken yet. The claim
-- is locked first, as every staff command on it locks it (vv_lock_claim), so a cancel racing a
-- take, a completion or a failure runs before or after it, never beside it: the later one finds
-- the other's state. The full amount returns from escrow to the member's USDT balance in the
-- same transaction, the support request closes, and the change is audited (actor: the member).
CREATE OR REPLACE FUNCTION vv_withdraw_cancel(
  p_member uuid, p_ip text, p_key text, p_route text, p_hash text,
  p_withdrawal uuid, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_member, p_key, p_route, p_hash);
  v_claim manual_claims%ROWTYPE;
  v_after manual_claims%ROWTYPE;
  v_tx uuid;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  SELECT * INTO v_claim FROM manual_claims WHERE id = p_withdrawal AND user_id = p_member FOR UPDATE;
  IF v_claim.id IS NULL THEN PERFORM vv_refuse('NOT_FOUND', '{"context": "withdrawal"}'); END IF;
  IF v_claim.status <> 'SENT' OR v_claim.processed_by IS NOT NULL THEN
    PERFORM vv_refuse('CONFLICT', '{"context": "withdrawalNotCancellable"}');
  END IF;
  v_tx := ledger_post('withdrawal_cancel', p_member, jsonb_build_object('withdrawalId', v_claim.id),
    ARRAY[vv_account(p_member, 'USDT', 'member_pending'), vv_account(p_member, 'USDT')],
    ARRAY[-v_claim.amount_usdt, v_claim.amount_usdt], ARRAY[NULL, NULL]::uuid[]);
  UPDATE manual_claims SET status = 'CANCELLED', settle_transaction_id = v_tx, updated_at = p_now
  WHERE id = v_claim.id RETURNING * INTO v_after;
  PERFORM vv_withdraw_step(v_claim.id, 'cancelled', NULL, NULL, p_now);
  UPDATE support_requests SET status = 'COMPLETED', updated_at = p_now WHERE withdrawal_id = v_claim.id;
  PERFORM vv_audit(p_member, 'member', 'withdrawal.cancel', p_member, 'withdrawal', v_claim.id::text,
    vv_claim_audit(v_claim), vv_claim_audit(v_after), NULL, p_ip, p_now);
  RETURN vv_answer(p_member, p_key, 200,
    jsonb_build_object('withdrawal', to_jsonb(v_after), 'balances', vv_balances(p_member)), ARRAY[p_member]);
END;
$$;

-- ── Payouts the chain confirms (issue 25, ADR 058) ───────────────────────────────────────────
-- On a network with a chain client the desk never completes a withdrawal: a verified hash (pasted
-- or sent from the hot wallet) moves it to CONFIRMING; the confirmations job completes it at the
-- network's depth (the only payout posting) or returns it to the desk when the chain no longer
-- shows the transaction.

-- AWAITING_APPROVAL before sending: above the four-eyes threshold, the staff member who took it
-- asks an admin to approve it first (no hash yet); vv_withdraw_complete's approval sends it back.
CREATE OR REPLACE FUNCTION vv_withdraw_request_approval(
  p_staff uuid, p_role text, p_ip text, p_key text, p_route text, p_hash text,
  p_request uuid, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_staff, p_key, p_route, p_hash);
  v_claim manual_claims%ROWTYPE;
  v_after manual_claims%ROWTYPE;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  v_claim := vv_lock_claim(p_request, p_staff);
  PERFORM vv_withdraw_sendable(v_claim, p_staff, false);
  IF NOT v_claim.needs_second_approval OR v_claim.approved_at IS NOT NULL THEN
    PERFORM vv_refuse('CONFLICT', '{"context": "approvalNotNeeded"}');
  END IF;
  UPDATE manual_claims SET status = 'AWAITING_APPROVAL', updated_at = p_now
  WHERE id = v_claim.id RETURNING * INTO v_after;
  PERFORM vv_withdraw_step(v_claim.id, 'approval_requested', NULL, NULL, p_now);
  PERFORM vv_audit(p_staff, p_role, 'withdrawal.request_approval', v_claim.user_id, 'withdrawal',
    v_claim.id::text, vv_claim_audit(v_claim), vv_claim_audit(v_after), NULL, p_ip, p_now);
  RETURN vv_answer(p_staff, p_key, 200, jsonb_build_object('requestId', p_request), ARRAY[v_claim.user_id]);
END;
$$;

-- May this staff member send (or record a sent) payout of this locked claim? Waiting (SENT),
-- taken by them, and — above the threshold — approved by an admin first (when p_approved).
CREATE OR REPLACE FUNCTION vv_withdraw_sendable(p_claim manual_claims, p_staff uuid, p_approved boolean)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_claim.status <> 'SENT' THEN
    PERFORM vv_refuse('CONFLICT', jsonb_build_object('context', 'withdrawalState', 'status', p_claim.status));
  ELSIF p_claim.processed_by IS NULL THEN
    PERFORM vv_refuse('CONFLICT', '{"context": "withdrawalNotTaken"}');
  ELSIF p_claim.processed_by <> p_staff THEN
    PERFORM vv_refuse('CONFLICT', '{"context": "withdrawalTaken"}');
  ELSIF p_approved AND p_claim.needs_second_approval AND p_claim.approved_at IS NULL THEN
    PERFORM vv_refuse('CONFLICT', '{"context": "approvalFirst"}');
  END IF;
END;
$$;

-- The one transition to CONFIRMING (a verified hash, pasted or sent): no ledger posting yet. A
-- verified hash pays one withdrawal only (also a unique index).
CREATE OR REPLACE FUNCTION vv_withdraw_mark_sent(
  p_claim manual_claims, p_tx_hash text, p_block bigint, p_confirmations int, p_required int,
  p_now timestamptz
) RETURNS manual_claims LANGUAGE plpgsql AS $$
DECLARE
  v_after manual_claims%ROWTYPE;
BEGIN
  IF EXISTS (SELECT 1 FROM manual_claims WHERE network = p_claim.network AND tx_verified
             AND lower(tx_hash) = lower(p_tx_hash) AND id <> p_claim.id)
     OR EXISTS (SELECT 1 FROM payout_sends WHERE network = p_claim.network
                AND lower(tx_hash) = lower(p_tx_hash) AND withdrawal_id <> p_claim.id) THEN
    PERFORM vv_refuse('TX_HASH_ALREADY_USED', '{}', 'txHash');
  END IF;
  UPDATE manual_claims SET status = 'CONFIRMING', tx_hash = p_tx_hash, tx_verified = true,
    tx_block = p_block, confirmations = p_confirmations, required_confirmations = p_required,
    return_reason = NULL, updated_at = p_now
  WHERE id = p_claim.id AND status = 'SENT' RETURNING * INTO v_after;
  IF v_after.id IS NULL THEN PERFORM vv_refuse('CONFLICT', '{"context": "withdrawalState", "status": "CONFIRMING"}'); END IF;
  PERFORM vv_withdraw_step(p_claim.id, 'sent', p_tx_hash, NULL, p_now);
  PERFORM vv_withdraw_tell(v_after, 'payoutSent', NULL, NULL, NULL, p_now);
  RETURN v_after;
END;
$$;

-- CONFIRMING from a pasted hash the chain client verified (the service asked verifyPayout with
-- the member's address and the net amount BEFORE this runs; a mismatch never gets here).
CREATE OR REPLACE FUNCTION vv_withdraw_verify(
  p_staff uuid, p_role text, p_ip text, p_key text, p_route text, p_hash text,
  p_request uuid, p_tx_hash text, p_block bigint, p_confirmations int, p_required int,
  p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_staff, p_key, p_route, p_hash);
  v_claim manual_claims%ROWTYPE;
  v_after manual_claims%ROWTYPE;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  v_claim := vv_lock_claim(p_request, p_staff);
  PERFORM vv_withdraw_sendable(v_claim, p_staff, true);
  v_after := vv_withdraw_mark_sent(v_claim, p_tx_hash, p_block, p_confirmations, p_required, p_now);
  PERFORM vv_audit(p_staff, p_role, 'withdrawal.verify', v_claim.user_id, 'withdrawal', v_claim.id::text,
    vv_claim_audit(v_claim), vv_claim_audit(v_after), NULL, p_ip, p_now);
  RETURN vv_answer(p_staff, p_key, 200, jsonb_build_object('requestId', p_request), ARRAY[v_claim.user_id]);
END;
$$;

-- The hot wallet's nonce row for a network, locked until the caller's transaction ends: the
-- higher of what we recorded and what the chain expects. Also what was sent today (the cap).
CREATE OR REPLACE FUNCTION vv_payout_nonce(
  p_network text, p_address text, p_chain_nonce int, p_day_start timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_next int;
BEGIN
  INSERT INTO payout_nonces (network, address, next_nonce) VALUES (p_network, p_address, p_chain_nonce)
  ON CONFLICT (network) DO NOTHING;
  SELECT next_nonce INTO v_next FROM payout_nonces WHERE network = p_network FOR UPDATE;
  RETURN jsonb_build_object('nonce', greatest(v_next, p_chain_nonce), 'sentToday', (
    SELECT coalesce(sum(amount_usdt), 0) FROM payout_sends
    WHERE network = p_network AND created_at >= p_day_start AND replaced_by IS NULL AND gone_at IS NULL)::text);
END;
$$;

-- A hot-wallet send, recorded BEFORE its broadcast (ADR 058), in the transaction that holds the
-- network's nonce row (vv_payout_nonce): the claim must be sendable, today's outflow stays under
-- the cap, the signed transaction is stored, the nonce advances, the claim is CONFIRMING. The
-- caller broadcasts after the commit; the job re-broadcasts what the chain does not know.
CREATE OR REPLACE FUNCTION vv_payout_send(
  p_staff uuid, p_role text, p_ip text, p_key text, p_route text, p_hash text,
  p_request uuid, p_from text, p_nonce int, p_raw text, p_tx_hash text,
  p_max_fee text, p_max_priority_fee text, p_cap bigint, p_day_start timestamptz,
  p_required int, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_staff, p_key, p_route, p_hash);
  v_claim manual_claims%ROWTYPE;
  v_after manual_claims%ROWTYPE;
  v_sent bigint;
  v_net bigint;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  v_claim := vv_lock_claim(p_request, p_staff);
  PERFORM vv_withdraw_sendable(v_claim, p_staff, true);
  v_net := v_claim.amount_usdt - v_claim.fee_usdt;
  SELECT coalesce(sum(amount_usdt), 0) INTO v_sent FROM payout_sends
  WHERE network = v_claim.network AND created_at >= p_day_start AND replaced_by IS NULL AND gone_at IS NULL;
  IF v_sent + v_net > p_cap THEN
    PERFORM vv_refuse('PAYOUT_CAP_REACHED', jsonb_build_object('network', v_claim.network,
      'cap', vv_usdt_text(p_cap), 'remaining', vv_usdt_text(greatest(p_cap - v_sent, 0))));
  END IF;
  INSERT INTO payout_sends (withdrawal_id, network, from_address, nonce, amount_usdt, raw_transaction,
    tx_hash, max_fee_per_gas, max_priority_fee_per_gas, sent_by, created_at)
  VALUES (v_claim.id, v_claim.network, p_from, p_nonce, v_net, p_raw, lower(p_tx_hash), p_max_fee,
    p_max_priority_fee, p_staff, p_now);
  UPDATE payout_nonces SET next_nonce = p_nonce + 1 WHERE network = v_claim.network;
  v_after := vv_withdraw_mark_sent(v_claim, lower(p_tx_hash), NULL, 0, p_required, p_now);
  PERFORM vv_audit(p_staff, p_role, 'withdrawal.send', v_claim.user_id, 'withdrawal', v_claim.id::text,
    vv_claim_audit(v_claim), vv_claim_audit(v_after) || jsonb_build_object('nonce', p_nonce,
      'from', p_from, 'maxFeePerGas', p_max_fee), NULL, p_ip, p_now);
  RETURN vv_answer(p_staff, p_key, 200, jsonb_build_object('requestId', p_request), ARRAY[v_claim.user_id]);
END;
$$;

-- Replace (speed up) a stuck hot-wallet send: the same nonce, a higher fee, signed by the caller
-- in the transaction that locked the claim. The old send points at the new one; the claim follows
-- the new hash. Whichever of the two is mined pays; the job follows it.
CREATE OR REPLACE FUNCTION vv_payout_replace(
  p_staff uuid, p_role text, p_ip text, p_key text, p_route text, p_hash text,
  p_request uuid, p_old_send uuid, p_raw text, p_tx_hash text, p_max_fee text,
  p_max_priority_fee text, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_staff, p_key, p_route, p_hash);
  v_claim manual_claims%ROWTYPE;
  v_after manual_claims%ROWTYPE;
  v_old payout_sends%ROWTYPE;
  v_new uuid;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  v_claim := vv_lock_claim(p_request, p_staff);
  SELECT * INTO v_old FROM payout_sends WHERE id = p_old_send AND withdrawal_id = v_claim.id
    AND replaced_by IS NULL AND gone_at IS NULL;
  IF v_claim.status <> 'CONFIRMING' OR v_old.id IS NULL OR coalesce(v_claim.confirmations, 0) > 0 THEN
    PERFORM vv_refuse('CONFLICT', '{"context": "notReplaceable"}');
  END IF;
  -- Its processor replaces it (or an admin, when the processor is away).
  IF v_claim.processed_by <> p_staff AND p_role <> 'admin' THEN
    PERFORM vv_refuse('CONFLICT', '{"context": "withdrawalTaken"}');
  END IF;
  -- The old send stops being live first (one live send per claim, a unique index).
  v_new := gen_random_uuid();
  UPDATE payout_sends SET replaced_by = v_new WHERE id = v_old.id;
  INSERT INTO payout_sends (id, withdrawal_id, network, from_address, nonce, amount_usdt, raw_transaction,
    tx_hash, max_fee_per_gas, max_priority_fee_per_gas, sent_by, created_at)
  VALUES (v_new, v_claim.id, v_old.network, v_old.from_address, v_old.nonce, v_old.amount_usdt, p_raw,
    lower(p_tx_hash), p_max_fee, p_max_priority_fee, p_staff, p_now);
  UPDATE manual_claims SET tx_hash = lower(p_tx_hash), updated_at = p_now
  WHERE id = v_claim.id RETURNING * INTO v_after;
  PERFORM vv_withdraw_step(v_claim.id, 'sent', lower(p_tx_hash), 'REPLACED', p_now);
  PERFORM vv_audit(p_staff, p_role, 'withdrawal.replace', v_claim.user_id, 'withdrawal', v_claim.id::text,
    vv_claim_audit(v_claim), vv_claim_audit(v_after) || jsonb_build_object('nonce', v_old.nonce,
      'replaces', v_old.tx_hash, 'maxFeePerGas', p_max_fee), NULL, p_ip, p_now);
  RETURN vv_answer(p_staff, p_key, 200, jsonb_build_object('requestId', p_request), ARRAY[v_claim.user_id]);
END;
$$;

-- The job: the confirmations so far of a CONFIRMING claim (still on that hash). No audit: it is
-- progress, not a decision. A claim sent from the hot wallet may follow a sibling send (same
-- nonce) that the chain mined instead (p_tx_hash differs from the claim's).
CREATE OR REPLACE FUNCTION vv_withdraw_progress(
  p_claim uuid, p_tx_hash text, p_confirmations int, p_now timestamptz
) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  UPDATE manual_claims SET confirmations = p_confirmations, tx_hash = lower(p_tx_hash),
    gone_since = NULL, updated_at = p_now
  WHERE id = p_claim AND status = 'CONFIRMING'
    AND (confirmations IS DISTINCT FROM p_confirmations OR lower(tx_hash) <> lower(p_tx_hash)
         OR gone_since IS NOT NULL);
  RETURN FOUND;
END;
$$;

-- The job: the node does not know the claim's transaction (DROPPED). The first time it is noted;
-- the answer is when it was first seen gone, so the claim returns only after a grace period.
CREATE OR REPLACE FUNCTION vv_withdraw_gone_seen(p_claim uuid, p_tx_hash text, p_now timestamptz)
RETURNS timestamptz LANGUAGE plpgsql AS $$
DECLARE
  v_since timestamptz;
BEGIN
  UPDATE manual_claims SET gone_since = coalesce(gone_since, p_now)
  WHERE id = p_claim AND status = 'CONFIRMING' AND lower(tx_hash) = lower(p_tx_hash)
  RETURNING gone_since INTO v_since;
  RETURN v_since;
END;
$$;

-- COMPLETED by the job at the required depth: the conditional UPDATE (still CONFIRMING, on this
-- hash) lets exactly one caller post the payout; any other finds nothing and posts nothing.
CREATE OR REPLACE FUNCTION vv_withdraw_confirm(
  p_claim uuid, p_tx_hash text, p_confirmations int, p_explorer_url text, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_claim manual_claims%ROWTYPE;
  v_after manual_claims%ROWTYPE;
  v_tx uuid;
BEGIN
  SELECT * INTO v_claim FROM manual_claims WHERE id = p_claim FOR UPDATE;
  UPDATE manual_claims SET status = 'COMPLETED', confirmations = p_confirmations, updated_at = p_now
  WHERE id = p_claim AND status = 'CONFIRMING' AND lower(tx_hash) = lower(p_tx_hash)
  RETURNING * INTO v_after;
  IF v_after.id IS NULL THEN RETURN jsonb_build_object('touched', '[]'::jsonb); END IF;
  v_tx := vv_withdraw_settle(v_after, NULL);
  UPDATE manual_claims SET settle_transaction_id = v_tx WHERE id = p_claim RETURNING * INTO v_after;
  UPDATE support_requests SET status = 'COMPLETED', updated_at = p_now WHERE withdrawal_id = p_claim;
  PERFORM vv_withdraw_step(p_claim, 'confirmed', v_after.tx_hash, NULL, p_now);
  PERFORM vv_withdraw_tell(v_after, 'payoutConfirmed', 'withdrawal-completed', 'withdrawalCompleted',
    jsonb_build_object(
      'amount', v_after.amount_usdt::text, 'net', (v_after.amount_usdt - v_after.fee_usdt)::text,
      'network', v_after.network, 'address', v_after.wallet_address, 'txHash', v_after.tx_hash,
      'confirmations', p_confirmations::text, 'explorerUrl', p_explorer_url,
      'steps', vv_withdraw_steps_text(p_claim)), p_now);
  PERFORM vv_audit(NULL, 'system', 'withdrawal.confirm', v_claim.user_id, 'withdrawal', p_claim::text,
    vv_claim_audit(v_claim), vv_claim_audit(v_after), NULL, NULL, p_now);
  RETURN jsonb_build_object('touched', to_jsonb(ARRAY[v_claim.user_id]));
END;
$$;

-- Back to the desk (SENT, still taken by its processor) when the chain no longer shows the
-- transaction (dropped, reverted, replaced by another): the hash stays in the timeline with the
-- reason, the live send (if any) is marked gone, nothing was posted so nothing is undone.
CREATE OR REPLACE FUNCTION vv_withdraw_return(
  p_claim uuid, p_tx_hash text, p_reason text, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_claim manual_claims%ROWTYPE;
  v_after manual_claims%ROWTYPE;
BEGIN
  SELECT * INTO v_claim FROM manual_claims WHERE id = p_claim FOR UPDATE;
  UPDATE manual_claims SET status = 'SENT', tx_hash = NULL, tx_verified = false, tx_block = NULL,
    confirmations = NULL, required_confirmations = NULL, return_reason = p_reason,
    gone_since = NULL, updated_at = p_now
  WHERE id = p_claim AND status = 'CONFIRMING' AND lower(tx_hash) = lower(p_tx_hash)
  RETURNING * INTO v_after;
  IF v_after.id IS NULL THEN RETURN jsonb_build_object('touched', '[]'::jsonb); END IF;
  UPDATE payout_sends SET gone_at = p_now WHERE withdrawal_id = p_claim AND gone_at IS NULL;
  PERFORM vv_withdraw_step(p_claim, 'returned', v_claim.tx_hash, p_reason, p_now);
  PERFORM vv_audit(NULL, 'system', 'withdrawal.return', v_claim.user_id, 'withdrawal', p_claim::text,
    vv_claim_audit(v_claim), vv_claim_audit(v_after), p_reason, NULL, p_now);
  RETURN jsonb_build_object('touched', to_jsonb(ARRAY[v_claim.user_id]));
END;
$$;

-- Withdrawals: the member's side. Money commands in the shape of ADR 013: one statement each, the
-- races settled here by row locks and conditional updates (ADR 021–023). The staff desk's
-- commands are in payouts-desk.sql, the chain-verified payouts' in payouts-chain.sql (ADR 061).
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

-- Tells the member a payout moved (ADR 059): the inbox row and push by vv_notify, in this
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


-- CANCELLED (ADR 054): the member withdraws a request no staff member has taken yet. The claim
-- is locked first, as every staff command on it locks it (vv_lock_claim), so a cancel racing a
-- take, a completion or a failure runs before or after it, never beside it: the later one finds
-- the other's state. The full amount returns from escrow to the member's USDT balance in the
-- same transaction, the support request closes, the change is audited (actor: the member) and the
-- member gets an e-mail saying so.
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
  -- The member is told by e-mail too: a cancel they did not make is how a stolen session shows.
  PERFORM vv_notice(p_member, 'withdrawal-cancelled', 'withdrawalCancelled', jsonb_build_object(
    'amount', v_claim.amount_usdt::text, 'network', v_claim.network, 'address', v_claim.wallet_address,
    'steps', vv_withdraw_steps_text(v_claim.id)));
  RETURN vv_answer(p_member, p_key, 200,
    jsonb_build_object('withdrawal', to_jsonb(v_after), 'balances', vv_balances(p_member)), ARRAY[p_member]);
END;
$$;

-- Payouts the chain confirms (ADR 058, 061). On a network with a chain client the desk never
-- completes a withdrawal: a verified hash (pasted or sent from the hot wallet) moves it to
-- CONFIRMING; the confirmations job completes it at the network's depth (the only payout posting)
-- or returns it to the desk when the chain no longer shows the transaction.
--
-- The ONE current definition of each function below (ADR 042): edit it here, never in a
-- migration. Applied after the migrations when this file's sha256 changes (src/db/migrate.ts).

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

-- A high-risk member not yet reviewed (ADR 071): nobody sends, records, verifies or completes
-- their payout — an admin's fraud review first ("clear" resets the score; a confirmation leaves
-- it high, and the desk fails the withdrawal with the reason, the escrow returned).
CREATE OR REPLACE FUNCTION vv_withdraw_risk_check(p_member uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_score int;
BEGIN
  SELECT score INTO v_score FROM member_risk WHERE member_id = p_member AND level = 'high';
  IF FOUND THEN
    PERFORM vv_refuse('MEMBER_IN_RISK_REVIEW', jsonb_build_object('score', v_score));
  END IF;
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
  PERFORM vv_withdraw_risk_check(p_claim.user_id);
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

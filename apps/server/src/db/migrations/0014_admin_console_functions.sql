-- The admin console (ADR 027–029).
-- Member search is by prefix of the username or the e-mail (or an exact id): btree indexes on
-- the lower-cased values with text_pattern_ops serve `like 'abc%'` in any collation (ADR 027).
CREATE INDEX IF NOT EXISTS profiles_username_prefix_idx ON profiles (lower(username) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_email_prefix_idx ON users (lower(email) text_pattern_ops);
--> statement-breakpoint
-- Fraud evidence: how many accounts signed up from one address.
CREATE INDEX IF NOT EXISTS profiles_signup_ip_idx ON profiles (signup_ip) WHERE signup_ip IS NOT NULL;
--> statement-breakpoint
-- Approves a HELD referral (ADR 028): claims the admin's Idempotency-Key; the conditional update
-- HELD → PAID lets exactly one of concurrent approvals (or an approval racing a rejection) win —
-- the others wait on the row lock, then find it decided; posts the referrer's views and the
-- invited member's sign-up bonus as the automatic path does (same kind, same legs), adds the
-- referrer's earnings and the commission on the bonus, writes the audit row and answers.
CREATE FUNCTION vv_referral_approve(
  p_actor uuid, p_key text, p_route text, p_hash text,
  p_referral uuid, p_reason text, p_actor_role text, p_address text, p_commission_bps bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_actor, p_key, p_route, p_hash);
  v_tx uuid := gen_random_uuid();
  v_ref referrals%ROWTYPE;
  v_commission_to uuid;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  UPDATE referrals SET status = 'PAID', ledger_transaction_id = v_tx, decided_by = p_actor,
    decided_at = now(), decision_reason = p_reason
  WHERE id = p_referral AND status = 'HELD'
  RETURNING * INTO v_ref;
  IF v_ref.id IS NULL THEN
    IF EXISTS (SELECT 1 FROM referrals WHERE id = p_referral) THEN
      PERFORM vv_refuse('CONFLICT', '{"context": "referralDecided"}');
    END IF;
    PERFORM vv_refuse('NOT_FOUND', '{"context": "referral"}');
  END IF;
  PERFORM ledger_post('referral_reward', p_actor,
    jsonb_build_object('referrer', v_ref.referrer_user_id, 'referee', v_ref.referred_user_id,
      'approvedBy', p_actor),
    ARRAY[vv_system_account('rewards', 'VIEWS'), vv_account(v_ref.referrer_user_id, 'VIEWS'),
          vv_system_account('rewards', 'USDT'), vv_account(v_ref.referred_user_id, 'USDT')],
    ARRAY[-v_ref.views_bonus, v_ref.views_bonus, -v_ref.usdt_bonus, v_ref.usdt_bonus],
    ARRAY[NULL, v_ref.referred_user_id, NULL, v_ref.referrer_user_id]::uuid[], v_tx);
  UPDATE referral_balance SET views_from_referrals = views_from_referrals + v_ref.views_bonus,
    updated_at = now()
  WHERE user_id = v_ref.referrer_user_id;
  v_commission_to := vv_pay_commission(v_ref.referred_user_id, v_ref.usdt_bonus, false, p_commission_bps);
  INSERT INTO audit_events (actor_profile_id, actor_role, action, target_profile_id, reason,
    before, after, address, details)
  VALUES (p_actor, p_actor_role, 'referral.approve', v_ref.referred_user_id, p_reason,
    jsonb_build_object('status', 'HELD'), jsonb_build_object('status', 'PAID'), p_address,
    jsonb_build_object('referralId', v_ref.id, 'referrer', v_ref.referrer_user_id,
      'ledgerTransactionId', v_tx, 'viewsBonus', v_ref.views_bonus::text,
      'usdtBonus', v_ref.usdt_bonus::text));
  RETURN vv_answer(p_actor, p_key, 200, jsonb_build_object('referralId', v_ref.id),
    array_remove(ARRAY[v_ref.referrer_user_id, v_ref.referred_user_id, v_commission_to], NULL));
END;
$$;

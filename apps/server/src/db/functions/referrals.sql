-- Referrals: the commission on credited USDT and the admin's approval of a held referral (ADR 028).
--
-- The ONE current definition of each function below (ADR 042): edit it here, never in a
-- migration. Applied after the migrations when this file's sha256 changes (src/db/migrate.ts).

-- The referral commission on USDT the platform credits to an invited member: p_bps of it, paid
-- by the platform to the referrer (not when the referral is held or the referrer suspended). On
-- conversions only the new net conversion above the high-water mark earns, in exact micro-USDT,
-- so swapping back and forth earns nothing. Returns the referrer paid, or NULL.
CREATE OR REPLACE FUNCTION vv_pay_commission(p_referee uuid, p_credited bigint, p_via_conversion boolean, p_bps bigint)
RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_referrer uuid;
  v_net bigint;
  v_hwm bigint;
  v_after bigint;
  v_commission bigint;
BEGIN
  SELECT r.referrer_user_id INTO v_referrer
  FROM referrals r JOIN profiles p ON p.id = r.referrer_user_id AND NOT p.suspended
  WHERE r.referred_user_id = p_referee AND r.status = 'PAID';
  IF v_referrer IS NULL THEN RETURN NULL; END IF;
  IF p_via_conversion THEN
    INSERT INTO referral_conversions (referred_user_id) VALUES (p_referee) ON CONFLICT DO NOTHING;
    SELECT net_converted, high_water_mark INTO v_net, v_hwm
    FROM referral_conversions WHERE referred_user_id = p_referee FOR UPDATE;
    v_net := v_net + p_credited;
    v_after := greatest(v_hwm, v_net);
    UPDATE referral_conversions SET net_converted = v_net, high_water_mark = v_after, updated_at = now()
    WHERE referred_user_id = p_referee;
    v_commission := (v_after * p_bps) / 10000 - (v_hwm * p_bps) / 10000;
  ELSE
    v_commission := (p_credited * p_bps) / 10000;
  END IF;
  IF v_commission <= 0 THEN RETURN NULL; END IF;
  PERFORM ledger_post('referral_commission', NULL,
    jsonb_build_object('referee', p_referee, 'base', p_credited::text, 'viaConversion', p_via_conversion),
    ARRAY[vv_system_account('rewards', 'USDT'), vv_account(v_referrer, 'USDT')],
    ARRAY[-v_commission, v_commission], ARRAY[NULL, p_referee]::uuid[]);
  UPDATE referral_balance SET usdt_from_referrals = usdt_from_referrals + v_commission, updated_at = now()
  WHERE user_id = v_referrer;
  RETURN v_referrer;
END;
$$;

-- Approves a HELD referral (ADR 028): claims the admin's Idempotency-Key; the conditional update
-- HELD → PAID lets exactly one of concurrent approvals (or an approval racing a rejection) win —
-- the others wait on the row lock, then find it decided; posts the referrer's views and the
-- invited member's sign-up bonus as the automatic path does (same kind, same legs), adds the
-- referrer's earnings and the commission on the bonus, writes the audit row and answers; the
-- decision, the notification and the audit row carry the server's clock (p_now).
CREATE OR REPLACE FUNCTION vv_referral_approve(
  p_actor uuid, p_key text, p_route text, p_hash text,
  p_referral uuid, p_reason text, p_actor_role text, p_address text, p_commission_bps bigint,
  p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_actor, p_key, p_route, p_hash);
  v_tx uuid := gen_random_uuid();
  v_ref referrals%ROWTYPE;
  v_commission_to uuid;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  UPDATE referrals SET status = 'PAID', ledger_transaction_id = v_tx, decided_by = p_actor,
    decided_at = p_now, decision_reason = p_reason
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
  PERFORM vv_notify(v_ref.referrer_user_id, 'referralConfirmed', jsonb_build_object(
    'username', (SELECT username FROM profiles WHERE id = v_ref.referred_user_id),
    'views', v_ref.views_bonus::text), p_now);
  INSERT INTO audit_events (actor_profile_id, actor_role, action, target_profile_id, reason,
    before, after, address, details, created_at)
  VALUES (p_actor, p_actor_role, 'referral.approve', v_ref.referred_user_id, p_reason,
    jsonb_build_object('status', 'HELD'),
    jsonb_build_object('status', 'PAID', 'views', v_ref.views_bonus::text, 'usdt', v_ref.usdt_bonus::text),
    p_address,
    jsonb_build_object('referralId', v_ref.id, 'referrer', v_ref.referrer_user_id,
      'ledgerTransactionId', v_tx, 'viewsBonus', v_ref.views_bonus::text,
      'usdtBonus', v_ref.usdt_bonus::text), p_now);
  RETURN vv_answer(p_actor, p_key, 200, jsonb_build_object('referralId', v_ref.id),
    array_remove(ARRAY[v_ref.referrer_user_id, v_ref.referred_user_id, v_commission_to], NULL));
END;
$$;

-- Account verification (ADR 016).
--
-- The ONE current definition of each function below (ADR 042): edit it here, never in a
-- migration. Applied after the migrations when this file's sha256 changes (src/db/migrate.ts).

-- Buys account verification (ADR 016). The profile row is taken FOR NO KEY UPDATE, not FOR
-- UPDATE: each verification claims its Idempotency-Key first, and the key's row references the
-- profile, so each transaction holds a KEY SHARE lock on the profile row; FOR UPDATE would wait
-- for the other's KEY SHARE both ways (a deadlock, answered 500). FOR NO KEY UPDATE does not
-- conflict with KEY SHARE, so the second waits only for the first's lock and then sees the
-- account verified (ALREADY_VERIFIED).
CREATE OR REPLACE FUNCTION vv_verify(
  p_member uuid, p_key text, p_route text, p_hash text, p_cost bigint, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_member, p_key, p_route, p_hash);
  v_verified boolean;
  v_tx uuid;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  SELECT is_verified INTO v_verified FROM profiles WHERE id = p_member FOR NO KEY UPDATE;
  IF v_verified THEN PERFORM vv_refuse('ALREADY_VERIFIED'); END IF;
  v_tx := ledger_post('verification', p_member, '{}',
    vv_member_and_rewards(p_member, 'VIEWS'), ARRAY[-p_cost, p_cost], ARRAY[NULL, NULL]::uuid[]);
  INSERT INTO account_verifications (profile_id, cost_views, ledger_transaction_id, created_at)
  VALUES (p_member, p_cost, v_tx, p_now);
  UPDATE profiles SET is_verified = true WHERE id = p_member;
  RETURN vv_answer(p_member, p_key, 200, jsonb_build_object(
    'isVerified', true, 'costViews', p_cost::text, 'balances', vv_balances(p_member)), ARRAY[p_member]);
END;
$$;

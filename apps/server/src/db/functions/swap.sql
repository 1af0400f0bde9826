-- Swapping views for USDT and back (ADR 013).
--
-- The ONE current definition of each function below (ADR 042): edit it here, never in a
-- migration. Applied after the migrations when this file's sha256 changes (src/db/migrate.ts).

-- A swap at the fixed rates (the service priced it from the shared quote), with the issuance
-- account as the other side, and the referrer's commission on new net conversion.
CREATE OR REPLACE FUNCTION vv_swap(
  p_member uuid, p_key text, p_route text, p_hash text,
  p_direction text, p_views bigint, p_usdt bigint, p_rate numeric, p_commission_bps bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_member, p_key, p_route, p_hash);
  v_sign bigint := CASE WHEN p_direction = 'VIEWS_TO_USDT' THEN 1 ELSE -1 END;
  v_tx uuid;
  v_referrer uuid;
  v_result jsonb;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  -- The member's and the issuance account's VIEWS and USDT, in one read: member VIEWS, member
  -- USDT, rewards VIEWS, rewards USDT.
  v_tx := ledger_post('swap', p_member, jsonb_build_object('direction', p_direction),
    (SELECT array_agg(id ORDER BY profile_id IS NULL, currency DESC) FROM ledger_accounts
     WHERE (profile_id = p_member AND kind = 'member') OR (profile_id IS NULL AND kind = 'rewards')),
    ARRAY[-v_sign * p_views, v_sign * p_usdt, v_sign * p_views, -v_sign * p_usdt],
    ARRAY[NULL, NULL, NULL, NULL]::uuid[]);
  v_referrer := vv_pay_commission(p_member, v_sign * p_usdt, true, p_commission_bps);
  WITH swap AS (
    INSERT INTO swap_transactions (user_id, direction, views_amount, usdt_amount, swap_rate, ledger_transaction_id)
    VALUES (p_member, p_direction, p_views, p_usdt, p_rate, v_tx) RETURNING *)
  SELECT jsonb_build_object(
      'swap', jsonb_build_object('id', w.id, 'direction', w.direction,
        'viewsAmount', w.views_amount::text, 'usdtAmount', w.usdt_amount::text,
        'status', w.status, 'completedAt', w.completed_at, 'createdAt', w.created_at),
      'balances', vv_balances(p_member))
    INTO v_result FROM swap w;
  RETURN vv_answer(p_member, p_key, 200, v_result, array_remove(ARRAY[p_member, v_referrer], NULL));
END;
$$;

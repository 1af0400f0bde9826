-- Mystery box and account verification money commands (ADR 013 shape; ADR 015, 016).

-- Opens a mystery box (ADR 015). The service rolled the item with the shared algorithm from the
-- commitment it read (server seed hash, client seed, nonce); under the commitment's row lock this
-- function refuses with CONFLICT/boxSeedMoved when another opening or a client-seed change got
-- there first (nothing is written: the service reads again and rolls again), charges the cost,
-- records the opening with the revealed seed, and commits the next seed (its hash computed here).
CREATE FUNCTION vv_open_box(
  p_member uuid, p_key text, p_route text, p_hash text,
  p_seed_hash text, p_client_seed text, p_nonce int, p_rarity text, p_item text,
  p_next_seed text, p_cost bigint, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_member, p_key, p_route, p_hash);
  v_commitment box_commitments%ROWTYPE;
  v_tx uuid;
  v_opening box_openings%ROWTYPE;
  v_next box_commitments%ROWTYPE;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  SELECT * INTO v_commitment FROM box_commitments WHERE profile_id = p_member FOR UPDATE;
  IF v_commitment.profile_id IS NULL OR v_commitment.server_seed_hash <> p_seed_hash
     OR v_commitment.client_seed <> p_client_seed OR v_commitment.nonce <> p_nonce THEN
    PERFORM vv_refuse('CONFLICT', '{"context": "boxSeedMoved"}');
  END IF;
  v_tx := ledger_post('mystery_box', p_member, jsonb_build_object('nonce', p_nonce, 'item', p_item),
    vv_member_and_rewards(p_member, 'VIEWS'), ARRAY[-p_cost, p_cost], ARRAY[NULL, NULL]::uuid[]);
  INSERT INTO box_openings (profile_id, item_id, rarity, server_seed, server_seed_hash, client_seed,
    nonce, cost_views, ledger_transaction_id, created_at)
  VALUES (p_member, p_item, p_rarity, v_commitment.server_seed, v_commitment.server_seed_hash,
    v_commitment.client_seed, v_commitment.nonce, p_cost, v_tx, p_now)
  RETURNING * INTO v_opening;
  UPDATE box_commitments SET server_seed = p_next_seed,
    server_seed_hash = encode(sha256(convert_to(p_next_seed, 'UTF8')), 'hex'),
    nonce = nonce + 1, updated_at = p_now
  WHERE profile_id = p_member RETURNING * INTO v_next;
  RETURN vv_answer(p_member, p_key, 200, jsonb_build_object(
    'opening', jsonb_build_object('id', v_opening.id, 'itemId', v_opening.item_id,
      'rarity', v_opening.rarity, 'serverSeed', v_opening.server_seed,
      'serverSeedHash', v_opening.server_seed_hash, 'clientSeed', v_opening.client_seed,
      'nonce', v_opening.nonce, 'costViews', v_opening.cost_views::text,
      'createdAt', v_opening.created_at),
    'next', jsonb_build_object('serverSeedHash', v_next.server_seed_hash,
      'clientSeed', v_next.client_seed, 'nonce', v_next.nonce),
    'balances', vv_balances(p_member)), ARRAY[p_member]);
END;
$$;
--> statement-breakpoint
-- Verifies an account for p_cost views (ADR 016): the profile row is locked, so of two concurrent
-- verifies one charges and the other is refused ALREADY_VERIFIED; the seed's only check is the
-- balance (the overdraft, SQLSTATE VV002, becomes the seed's insufficient-views message).
CREATE FUNCTION vv_verify(
  p_member uuid, p_key text, p_route text, p_hash text, p_cost bigint, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_member, p_key, p_route, p_hash);
  v_verified boolean;
  v_tx uuid;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  SELECT is_verified INTO v_verified FROM profiles WHERE id = p_member FOR UPDATE;
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

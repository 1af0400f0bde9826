-- The mystery box (ADR 015, ADR 039).
--
-- The ONE current definition of each function below (ADR 042): edit it here, never in a
-- migration. Applied after the migrations when this file's sha256 changes (src/db/migrate.ts).

-- Opens a mystery box (ADR 015). The service rolled the item with the shared algorithm from the
-- commitment it read (server seed hash, client seed, nonce). The commitment the opening rolled on
-- — its server seed included, which the service either generated itself or just read — is moved
-- to the next one by ONE conditional update (ADR 039); when another opening or a client-seed
-- change got there first, nothing matches, nothing is written and the service rolls again
-- (CONFLICT/boxSeedMoved). The update takes the row lock, so two openings of one member still
-- settle in the database; the opening records the seed the update proved current, charges the
-- cost and commits the next seed.
CREATE OR REPLACE FUNCTION vv_open_box(
  p_member uuid, p_key text, p_route text, p_hash text,
  p_server_seed text, p_seed_hash text, p_client_seed text, p_nonce int, p_rarity text,
  p_item text, p_next_seed text, p_cost bigint, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_member, p_key, p_route, p_hash);
  v_next box_commitments%ROWTYPE;
  v_tx uuid;
  v_opening box_openings%ROWTYPE;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  UPDATE box_commitments SET server_seed = p_next_seed,
    server_seed_hash = encode(sha256(convert_to(p_next_seed, 'UTF8')), 'hex'),
    nonce = nonce + 1, updated_at = p_now
  WHERE profile_id = p_member AND server_seed = p_server_seed AND server_seed_hash = p_seed_hash
    AND client_seed = p_client_seed AND nonce = p_nonce
  RETURNING * INTO v_next;
  IF v_next.profile_id IS NULL THEN
    PERFORM vv_refuse('CONFLICT', '{"context": "boxSeedMoved"}');
  END IF;
  v_tx := ledger_post('mystery_box', p_member, jsonb_build_object('nonce', p_nonce, 'item', p_item),
    vv_member_and_rewards(p_member, 'VIEWS'), ARRAY[-p_cost, p_cost], ARRAY[NULL, NULL]::uuid[]);
  INSERT INTO box_openings (profile_id, item_id, rarity, server_seed, server_seed_hash, client_seed,
    nonce, cost_views, ledger_transaction_id, created_at)
  VALUES (p_member, p_item, p_rarity, p_server_seed, p_seed_hash, p_client_seed, p_nonce, p_cost,
    v_tx, p_now)
  RETURNING * INTO v_opening;
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

-- The money path's third pass (ADR 039). ledger_post read its legs' accounts with
-- `WHERE id = ANY (p_accounts)`: PostgreSQL's plan cache judged the generic plan (an array of
-- unknown length) dearer than a custom one and planned that statement again at EVERY posting
-- (pg_stat_statements: as many plans as calls, ~30-65 µs each). Each leg is now one statement by
-- primary key — a member account's conditional UPDATE, which locks it and returns what the posting
-- needs, or a system account's read — taken in ascending account id, so concurrent postings still
-- lock member accounts in one order and cannot deadlock. Same refusals (VV001 unbalanced or
-- unknown or repeated accounts, VV002 overdraft with the currency), same entries, same earnings.
CREATE OR REPLACE FUNCTION ledger_post(
  p_kind text, p_actor uuid, p_memo jsonb,
  p_accounts bigint[], p_amounts bigint[], p_counterparties uuid[], p_id uuid DEFAULT NULL
) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_tx uuid := coalesce(p_id, gen_random_uuid());
  v_n int := cardinality(p_accounts);
  v_order int[] := '{}';
  v_i int;
  v_j int;
  v_tmp int;
  v_id bigint;
  v_prev bigint;
  v_amount bigint;
  v_currency text;
  v_profile uuid;
  v_kind text;
  v_balance bigint;
  v_views bigint := 0;
  v_usdt bigint := 0;
  v_leg_ids bigint[] := '{}';
  v_leg_amounts bigint[] := '{}';
  v_leg_counterparties uuid[] := '{}';
  v_leg_currencies text[] := '{}';
  v_leg_balances bigint[] := '{}';
  v_earned_profiles uuid[] := '{}';
  v_earned bigint[] := '{}';
  v_earning boolean := p_kind IN ('watch_reward', 'view_request_match', 'referral_reward',
                                  'daily_claim', 'annual_claim');
BEGIN
  IF coalesce(v_n, 0) < 2 OR cardinality(p_amounts) IS DISTINCT FROM v_n
     OR cardinality(p_counterparties) IS DISTINCT FROM v_n THEN
    RAISE EXCEPTION 'posting % does not balance: fewer than two legs or arrays of different lengths',
      p_kind USING ERRCODE = 'VV001';
  END IF;
  -- The legs in ascending account id (insertion sort: a posting has two or three legs), so
  -- concurrent postings lock member accounts in one order and cannot deadlock.
  FOR v_i IN 1 .. v_n LOOP v_order[v_i] := v_i; END LOOP;
  FOR v_i IN 2 .. v_n LOOP
    v_j := v_i;
    WHILE v_j > 1 AND p_accounts[v_order[v_j - 1]] > p_accounts[v_order[v_j]] LOOP
      v_tmp := v_order[v_j]; v_order[v_j] := v_order[v_j - 1]; v_order[v_j - 1] := v_tmp;
      v_j := v_j - 1;
    END LOOP;
  END LOOP;
  FOR v_i IN 1 .. v_n LOOP
    v_id := p_accounts[v_order[v_i]];
    v_amount := p_amounts[v_order[v_i]];
    IF v_id IS NULL OR v_id = v_prev OR v_amount IS NULL THEN
      RAISE EXCEPTION 'posting % does not balance: unknown or repeated accounts', p_kind
        USING ERRCODE = 'VV001';
    END IF;
    v_prev := v_id;
    v_balance := NULL;
    -- A member account is updated (and so locked) by its key; a system account keeps no running
    -- balance and is only read. Either way one statement by primary key, planned once.
    IF v_amount <> 0 THEN
      UPDATE ledger_accounts SET balance = balance + v_amount, updated_at = now()
      WHERE id = v_id AND profile_id IS NOT NULL AND balance + v_amount >= 0
      RETURNING currency, profile_id, kind, balance INTO v_currency, v_profile, v_kind, v_balance;
    END IF;
    IF v_balance IS NULL THEN
      SELECT currency, profile_id, kind INTO v_currency, v_profile, v_kind
      FROM ledger_accounts WHERE id = v_id;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'posting % does not balance: unknown account %', p_kind, v_id
          USING ERRCODE = 'VV001';
      END IF;
      IF v_profile IS NOT NULL AND v_amount <> 0 THEN
        RAISE EXCEPTION 'insufficient balance' USING ERRCODE = 'VV002', DETAIL = v_currency;
      END IF;
    END IF;
    CONTINUE WHEN v_amount = 0;
    IF v_currency = 'VIEWS' THEN v_views := v_views + v_amount;
    ELSE v_usdt := v_usdt + v_amount; END IF;
    IF v_earning AND v_kind = 'member' AND v_currency = 'VIEWS' AND v_amount > 0 THEN
      v_earned_profiles := v_earned_profiles || v_profile;
      v_earned := v_earned || v_amount;
    END IF;
    v_leg_ids := v_leg_ids || v_id;
    v_leg_amounts := v_leg_amounts || v_amount;
    v_leg_counterparties := v_leg_counterparties || p_counterparties[v_order[v_i]];
    v_leg_currencies := v_leg_currencies || v_currency;
    v_leg_balances := v_leg_balances || v_balance;
  END LOOP;
  IF cardinality(v_leg_ids) < 2 THEN
    RAISE EXCEPTION 'posting % does not balance: fewer than two legs', p_kind USING ERRCODE = 'VV001';
  END IF;
  IF v_views <> 0 OR v_usdt <> 0 THEN
    RAISE EXCEPTION 'posting % does not balance: VIEWS %, USDT %', p_kind, v_views, v_usdt
      USING ERRCODE = 'VV001';
  END IF;
  WITH t AS (
    INSERT INTO ledger_transactions (id, kind, actor_profile_id, memo)
    VALUES (v_tx, p_kind, p_actor, coalesce(p_memo, '{}'::jsonb)) RETURNING id)
  INSERT INTO ledger_entries (transaction_id, account_id, currency, amount, balance_after, counterparty_profile_id)
  SELECT t.id, l.id, l.currency, l.amount, l.balance, l.counterparty
  FROM t, unnest(v_leg_ids, v_leg_currencies, v_leg_amounts, v_leg_balances, v_leg_counterparties)
    AS l(id, currency, amount, balance, counterparty);
  IF cardinality(v_earned_profiles) > 0 THEN
    WITH earned AS (
      SELECT * FROM unnest(v_earned_profiles, v_earned) AS e(profile_id, amount)),
    counted AS (
      INSERT INTO member_earnings AS m (profile_id, earned_views)
      SELECT profile_id, amount FROM earned
      ON CONFLICT (profile_id) DO UPDATE SET earned_views = m.earned_views + excluded.earned_views,
        updated_at = now()
      RETURNING m.profile_id, m.earned_views)
    INSERT INTO milestone_rewards (user_id, milestone_views, reward_usdt)
    SELECT c.profile_id, l.views, l.reward_usdt
    FROM counted c JOIN earned e ON e.profile_id = c.profile_id
    JOIN milestone_levels l ON l.views > c.earned_views - e.amount AND l.views <= c.earned_views
    ON CONFLICT (user_id, milestone_views) DO NOTHING;
  END IF;
  RETURN v_tx;
END;
$$;
--> statement-breakpoint
-- A box opening without a separate row lock (ADR 039): the commitment the opening rolled on —
-- its server seed included, which the service either generated itself or just read — is moved to
-- the next one by ONE conditional update; when another opening or a client-seed change got there
-- first, nothing matches, nothing is written and the service rolls again (CONFLICT/boxSeedMoved).
-- The update takes the row lock the old SELECT … FOR UPDATE took, so two openings of one member
-- still settle in the database; the opening records the seed the update proved current.
DROP FUNCTION vv_open_box(uuid, text, text, text, text, text, int, text, text, text, bigint, timestamptz);
--> statement-breakpoint
CREATE FUNCTION vv_open_box(
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

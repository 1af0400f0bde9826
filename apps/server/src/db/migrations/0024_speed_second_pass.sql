-- The money path's second pass (ADR 037). Lifetime EARNED views (ADR 019) were counted by a
-- statement trigger on ledger_entries: every posting of any kind — transfers, swaps, boosts,
-- box openings — paid for a transition table, a PL/pgSQL call and a three-table join that found
-- nothing. ledger_post, the only writer of entries, now counts them itself and only for the
-- earning kinds: the member legs of the posting (already locked, in id order, by the balance
-- update) that received views. The counter row is locked only by a transaction that holds its
-- member's views account, so this adds no new lock order; a level crossed by the new total
-- creates its reward once (unique member + level), exactly as the trigger did — in one statement
-- for all the posting's earners (a watch reward credits the watcher and the creator).
DROP TRIGGER ledger_entries_count_earnings ON ledger_entries;
--> statement-breakpoint
DROP FUNCTION vv_count_earnings();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_post(
  p_kind text, p_actor uuid, p_memo jsonb,
  p_accounts bigint[], p_amounts bigint[], p_counterparties uuid[], p_id uuid DEFAULT NULL
) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_tx uuid := coalesce(p_id, gen_random_uuid());
  v_n int := cardinality(p_accounts);
  v_ids bigint[];
  v_currencies text[];
  v_is_member boolean[];
  v_earners uuid[];
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
  v_balance bigint;
  v_at int;
  v_amount bigint;
BEGIN
  SELECT array_agg(id ORDER BY id), array_agg(currency ORDER BY id),
         array_agg(profile_id IS NOT NULL ORDER BY id),
         array_agg(CASE WHEN kind = 'member' THEN profile_id END ORDER BY id)
    INTO v_ids, v_currencies, v_is_member, v_earners
  FROM ledger_accounts WHERE id = ANY (p_accounts);
  IF v_n < 2 OR coalesce(cardinality(v_ids), 0) <> v_n
     OR cardinality(p_amounts) <> v_n OR cardinality(p_counterparties) <> v_n THEN
    RAISE EXCEPTION 'posting % does not balance: unknown or repeated accounts, or fewer than two legs',
      p_kind USING ERRCODE = 'VV001';
  END IF;
  FOR k IN 1 .. v_n LOOP
    v_at := array_position(p_accounts, v_ids[k]);
    v_amount := p_amounts[v_at];
    CONTINUE WHEN v_amount = 0;
    IF v_currencies[k] = 'VIEWS' THEN v_views := v_views + v_amount;
    ELSE v_usdt := v_usdt + v_amount; END IF;
    v_balance := NULL;
    IF v_is_member[k] THEN
      UPDATE ledger_accounts SET balance = balance + v_amount, updated_at = now()
      WHERE id = v_ids[k] AND balance + v_amount >= 0
      RETURNING balance INTO v_balance;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'insufficient balance' USING ERRCODE = 'VV002', DETAIL = v_currencies[k];
      END IF;
    END IF;
    IF v_earning AND v_earners[k] IS NOT NULL AND v_currencies[k] = 'VIEWS' AND v_amount > 0 THEN
      v_earned_profiles := v_earned_profiles || v_earners[k];
      v_earned := v_earned || v_amount;
    END IF;
    v_leg_ids := v_leg_ids || v_ids[k];
    v_leg_amounts := v_leg_amounts || v_amount;
    v_leg_counterparties := v_leg_counterparties || p_counterparties[v_at];
    v_leg_currencies := v_leg_currencies || v_currencies[k];
    v_leg_balances := v_leg_balances || v_balance;
  END LOOP;
  IF cardinality(v_leg_ids) < 2 OR v_views IS NULL OR v_usdt IS NULL THEN
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

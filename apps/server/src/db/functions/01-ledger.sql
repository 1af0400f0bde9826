-- The ledger (ADR 013): the one writer of ledger entries, its append-only guard and the
-- account look-ups and balances every money command uses.
--
-- The ONE current definition of each function below (ADR 042): edit it here, never in a
-- migration. Applied after the migrations when this file's sha256 changes (src/db/migrate.ts).

-- The ledger is append-only.
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;

-- Posts one balanced ledger transaction: legs are parallel arrays (account, signed amount,
-- counterparty); zero legs are dropped. Each leg is one statement by primary key, taken in
-- ascending account id (ADR 039): a member account's conditional UPDATE, which locks it and
-- returns what the posting needs (concurrent postings lock member accounts in one order and
-- cannot deadlock), or a system account's read (system accounts are never locked or updated and
-- keep no running balance: theirs is the sum of their entries). Refusals: VV001 unbalanced,
-- unknown or repeated accounts; VV002 overdraft (DETAIL: the currency). Writes the transaction
-- and its entries with the members' running balances, and counts lifetime EARNED views for the
-- earning kinds (ADR 037): a level crossed by the new total creates its reward once (unique
-- member + level). A command that records the transaction's id before posting passes it (p_id).
-- Every statement counts: see ADR 013 and ADR 039 (`WHERE id = ANY (...)` was planned again at
-- every posting, so the legs are read one by one).
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
  v_notified bigint;
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
    -- Earnings on hold count when credited (ADR 047): the held account's credits are earned too.
    IF v_earning AND v_kind IN ('member', 'member_held') AND v_currency = 'VIEWS' AND v_amount > 0 THEN
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
    -- A milestone crossed tells its member (vv_notify, db/functions/notifications.sql): the
    -- reward row and the notification in this posting's transaction; nothing when none is crossed.
    WITH earned AS (
      SELECT * FROM unnest(v_earned_profiles, v_earned) AS e(profile_id, amount)),
    counted AS (
      INSERT INTO member_earnings AS m (profile_id, earned_views)
      SELECT profile_id, amount FROM earned
      ON CONFLICT (profile_id) DO UPDATE SET earned_views = m.earned_views + excluded.earned_views,
        updated_at = now()
      RETURNING m.profile_id, m.earned_views),
    reached AS (
      INSERT INTO milestone_rewards (user_id, milestone_views, reward_usdt)
      SELECT c.profile_id, l.views, l.reward_usdt
      FROM counted c JOIN earned e ON e.profile_id = c.profile_id
      JOIN milestone_levels l ON l.views > c.earned_views - e.amount AND l.views <= c.earned_views
      ON CONFLICT (user_id, milestone_views) DO NOTHING
      RETURNING user_id, milestone_views, reward_usdt)
    SELECT count(vv_notify(r.user_id, 'milestoneReached', jsonb_build_object(
      'views', r.milestone_views::text, 'amount', vv_usdt_text(r.reward_usdt)), now()))
      INTO v_notified
    FROM reached r;
  END IF;
  RETURN v_tx;
END;
$$;

-- Helpers are PL/pgSQL, not SQL functions: PL/pgSQL caches each statement's plan per connection,
-- while a SQL function is planned again at every call (measured: twice the cost).
-- A member's account (kind 'member' or 'member_pending') in a currency.
CREATE OR REPLACE FUNCTION vv_account(p_profile uuid, p_currency text, p_kind text DEFAULT 'member')
RETURNS bigint LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT id FROM ledger_accounts
          WHERE profile_id = p_profile AND kind = p_kind AND currency = p_currency);
END;
$$;

CREATE OR REPLACE FUNCTION vv_system_account(p_kind text, p_currency text)
RETURNS bigint LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT id FROM ledger_accounts
          WHERE profile_id IS NULL AND kind = p_kind AND currency = p_currency);
END;
$$;

-- A member's account and the issuance account of a currency, in one read: [member, rewards].
CREATE OR REPLACE FUNCTION vv_member_and_rewards(p_profile uuid, p_currency text)
RETURNS bigint[] LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT array_agg(id ORDER BY profile_id IS NULL) FROM ledger_accounts
          WHERE currency = p_currency
            AND ((profile_id = p_profile AND kind = 'member') OR (profile_id IS NULL AND kind = 'rewards')));
END;
$$;

-- A member's balances as the API answers them (minor units as strings).
CREATE OR REPLACE FUNCTION vv_balances(p_profile uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT jsonb_build_object(
    'views', coalesce(max(balance) FILTER (WHERE kind = 'member' AND currency = 'VIEWS'), 0)::text,
    'usdt', coalesce(max(balance) FILTER (WHERE kind = 'member' AND currency = 'USDT'), 0)::text,
    'pendingUsdt', coalesce(max(balance) FILTER (WHERE kind = 'member_pending'), 0)::text,
    'heldViews', coalesce(max(balance) FILTER (WHERE kind = 'member_held' AND currency = 'VIEWS'), 0)::text,
    'heldNextClearAt', (SELECT to_char(min(h.clears_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                        FROM earning_holds h WHERE h.member_id = p_profile AND h.status = 'HELD'))
  FROM ledger_accounts WHERE profile_id = p_profile);
END;
$$;

-- The platform's totals per currency from the ledger's accounts (ADR 069): the one query behind
-- the admin overview, the transparency page and `ledger:verify`'s figures. Member accounts count
-- their running balance, system accounts the sum of their entries. Because every transaction
-- balances, issued (what the rewards account put out, net) = in circulation (members' own and
-- on-hold balances) + withdrawal escrow (the members' pending accounts and the withdrawal escrow
-- account) + marketplace escrow + paid out + fees.
CREATE OR REPLACE FUNCTION vv_ledger_totals() RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    WITH by_kind AS (
      SELECT a.currency, a.kind, sum(a.balance) AS total
      FROM ledger_accounts a WHERE a.profile_id IS NOT NULL GROUP BY a.currency, a.kind
      UNION ALL
      SELECT a.currency, a.kind, coalesce(sum(e.amount), 0)
      FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
      WHERE a.profile_id IS NULL GROUP BY a.currency, a.kind),
    per_currency AS (
      SELECT c.currency,
        -coalesce(sum(k.total) FILTER (WHERE k.kind = 'rewards'), 0) AS issued,
        coalesce(sum(k.total) FILTER (WHERE k.kind IN ('member', 'member_held')), 0) AS in_circulation,
        coalesce(sum(k.total) FILTER (WHERE k.kind IN ('member_pending', 'withdrawal_escrow')), 0)
          AS withdrawal_escrow,
        coalesce(sum(k.total) FILTER (WHERE k.kind = 'marketplace_escrow'), 0) AS marketplace_escrow,
        coalesce(sum(k.total) FILTER (WHERE k.kind = 'payouts'), 0) AS paid_out,
        coalesce(sum(k.total) FILTER (WHERE k.kind = 'fees'), 0) AS fees
      FROM (VALUES ('VIEWS'), ('USDT')) AS c(currency)
      LEFT JOIN by_kind k ON k.currency = c.currency
      GROUP BY c.currency)
    SELECT jsonb_object_agg(currency, jsonb_build_object(
      'issued', issued::text, 'inCirculation', in_circulation::text,
      'withdrawalEscrow', withdrawal_escrow::text, 'marketplaceEscrow', marketplace_escrow::text,
      'paidOut', paid_out::text, 'fees', fees::text))
    FROM per_currency);
END;
$$;

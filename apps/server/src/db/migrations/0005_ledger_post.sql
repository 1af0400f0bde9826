-- Posts one balanced ledger transaction in a single round trip: checks the legs balance per
-- currency, locks and updates the member accounts in ascending id order (refusing any overdraft
-- with SQLSTATE VV002, the account id in DETAIL), writes the transaction and its entries with the
-- running member balances, updates the view/wallet projections, notifies listeners at commit and
-- returns the touched members' balances.
-- Legs: [{"account_id": 1, "amount": "-100", "counterparty": null}, ...], at most one per account.
CREATE OR REPLACE FUNCTION ledger_post(
  p_kind text,
  p_actor uuid,
  p_memo jsonb,
  p_legs jsonb,
  p_pending_profile uuid DEFAULT NULL,
  p_pending_delta bigint DEFAULT 0
) RETURNS TABLE (transaction_id uuid, profile_id uuid, balance_views bigint, balance_usdt bigint, pending_usdt bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_tx uuid;
  v_bad text;
  v_count int;
  r record;
  v_balance bigint;
  v_ids bigint[] := '{}';
  v_balances bigint[] := '{}';
BEGIN
  -- Every leg names a distinct, existing account.
  SELECT count(DISTINCT a.id) INTO v_count
  FROM jsonb_to_recordset(p_legs) AS l(account_id bigint) JOIN ledger_accounts a ON a.id = l.account_id;
  SELECT string_agg(t.currency || ' ' || t.total, ', ') INTO v_bad
  FROM (SELECT a.currency, sum(l.amount) AS total
        FROM jsonb_to_recordset(p_legs) AS l(account_id bigint, amount bigint)
        JOIN ledger_accounts a ON a.id = l.account_id
        GROUP BY a.currency HAVING sum(l.amount) <> 0) t;
  IF v_bad IS NOT NULL OR coalesce(v_count, 0) < 2 OR v_count <> jsonb_array_length(p_legs) THEN
    RAISE EXCEPTION 'posting % does not balance: %', p_kind, coalesce(v_bad, 'unknown accounts or fewer than two legs')
      USING ERRCODE = 'VV001';
  END IF;

  FOR r IN SELECT l.account_id, l.amount
           FROM jsonb_to_recordset(p_legs) AS l(account_id bigint, amount bigint)
           JOIN ledger_accounts a ON a.id = l.account_id AND a.kind = 'member'
           ORDER BY l.account_id LOOP
    UPDATE ledger_accounts SET balance = ledger_accounts.balance + r.amount
    WHERE id = r.account_id AND ledger_accounts.balance + r.amount >= 0
    RETURNING ledger_accounts.balance INTO v_balance;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'insufficient balance' USING ERRCODE = 'VV002', DETAIL = r.account_id::text;
    END IF;
    v_ids := v_ids || r.account_id;
    v_balances := v_balances || v_balance;
  END LOOP;

  INSERT INTO ledger_transactions (kind, actor_profile_id, memo) VALUES (p_kind, p_actor, coalesce(p_memo, '{}'::jsonb))
  RETURNING id INTO v_tx;
  INSERT INTO ledger_entries (transaction_id, account_id, currency, amount, balance_after, counterparty_profile_id)
  SELECT v_tx, l.account_id, a.currency, l.amount, b.balance, l.counterparty
  FROM jsonb_to_recordset(p_legs) AS l(account_id bigint, amount bigint, counterparty uuid)
  JOIN ledger_accounts a ON a.id = l.account_id
  LEFT JOIN unnest(v_ids, v_balances) AS b(id, balance) ON b.id = l.account_id
  ORDER BY l.account_id;

  UPDATE view_balances v SET balance_views = b.balance, updated_at = now()
  FROM unnest(v_ids, v_balances) AS b(id, balance) JOIN ledger_accounts a ON a.id = b.id
  WHERE a.currency = 'VIEWS' AND v.user_id = a.profile_id;
  UPDATE wallet_balances w SET balance_usdt = b.balance,
    pending_usdt = w.pending_usdt + CASE WHEN w.user_id = p_pending_profile THEN p_pending_delta ELSE 0 END,
    updated_at = now()
  FROM unnest(v_ids, v_balances) AS b(id, balance) JOIN ledger_accounts a ON a.id = b.id
  WHERE a.currency = 'USDT' AND w.user_id = a.profile_id;
  PERFORM pg_notify('vv_balances', o.owner::text)
  FROM (SELECT DISTINCT a.profile_id AS owner FROM ledger_accounts a WHERE a.id = ANY (v_ids)) o;

  -- Both balances of every member touched, as the projections now hold them.
  RETURN QUERY
  SELECT v_tx, v.user_id, v.balance_views, w.balance_usdt, w.pending_usdt
  FROM view_balances v JOIN wallet_balances w ON w.user_id = v.user_id
  WHERE v.user_id IN (SELECT a.profile_id FROM ledger_accounts a WHERE a.id = ANY (v_ids));
END;
$$;
--> statement-breakpoint
-- System accounts keep no running balance (their balance is the sum of their entries): every swap
-- and reward touches the issuance account, and a running balance there would serialise them all.
UPDATE ledger_accounts SET balance = 0 WHERE kind <> 'member';

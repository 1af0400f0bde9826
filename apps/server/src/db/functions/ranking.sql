-- The ranking (ADR 025).
--
-- The ONE current definition of each function below (ADR 042): edit it here, never in a
-- migration. Applied after the migrations when this file's sha256 changes (src/db/migrate.ts).

-- The ranking (ADR 025), recomputed by a job every few minutes: per period (this week and this
-- month in UTC, all time), the members ranked by the views the platform credited them (the
-- ledger transaction kinds in p_kinds, positive entries on member accounts), with the USDT credited
-- in the same kinds and their paid referrals; and the summary cards. Suspended members, staff and
-- members who chose to hide are left out. One transaction under an advisory lock, so concurrent
-- instances take turns and readers always see a whole ranking.
CREATE OR REPLACE FUNCTION vv_ranking_refresh(p_now timestamptz, p_kinds text[]) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  v_week timestamptz := date_trunc('week', p_now AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  v_month timestamptz := date_trunc('month', p_now AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  v_rows int;
BEGIN
  PERFORM pg_advisory_xact_lock(7384192013);
  DELETE FROM ranking_entries;
  WITH credited AS (
    SELECT a.profile_id, a.currency, e.amount, e.created_at
    FROM ledger_transactions t
    JOIN ledger_entries e ON e.transaction_id = t.id AND e.amount > 0
    JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('member', 'member_held')
    WHERE t.kind = ANY (p_kinds)),
  periods(period, since) AS (
    VALUES ('week', v_week), ('month', v_month), ('all', '-infinity'::timestamptz)),
  earned AS (
    SELECT p.period, c.profile_id,
           coalesce(sum(c.amount) FILTER (WHERE c.currency = 'VIEWS'), 0) AS views,
           coalesce(sum(c.amount) FILTER (WHERE c.currency = 'USDT'), 0) AS usdt
    FROM periods p JOIN credited c ON c.created_at >= p.since
    GROUP BY p.period, c.profile_id),
  referred AS (
    SELECT referrer_user_id AS profile_id, count(*)::int AS n FROM referrals
    WHERE status = 'PAID' GROUP BY referrer_user_id)
  INSERT INTO ranking_entries (period, rank, profile_id, username, is_verified, earned_views,
    earned_usdt, referral_count)
  SELECT e.period,
         row_number() OVER (PARTITION BY e.period ORDER BY e.views DESC, e.usdt DESC, lower(m.username)),
         m.id, m.username, m.is_verified, e.views, e.usdt, coalesce(r.n, 0)
  FROM earned e
  JOIN profiles m ON m.id = e.profile_id AND NOT m.suspended AND NOT m.hidden_from_ranking
    AND m.role = 'member'
  LEFT JOIN referred r ON r.profile_id = m.id
  WHERE e.views > 0;
  GET DIAGNOSTICS v_rows = ROW_COUNT;
  INSERT INTO ranking_summary (id, members, views_in_circulation, usdt_volume, computed_at)
  SELECT 1,
    (SELECT count(*) FROM profiles WHERE NOT suspended AND role = 'member'),
    (SELECT coalesce(sum(balance), 0) FROM ledger_accounts WHERE kind IN ('member', 'member_held') AND currency = 'VIEWS')
      + (SELECT coalesce(sum(views_quantity), 0) FROM market_offers WHERE status = 'OPEN'),
    (SELECT coalesce(sum(amount), 0) FROM user_transfers WHERE transfer_type = 'USDT')
      + (SELECT coalesce(sum(total_price_usdt), 0) FROM market_offers WHERE status = 'SOLD'),
    p_now
  ON CONFLICT (id) DO UPDATE SET members = EXCLUDED.members,
    views_in_circulation = EXCLUDED.views_in_circulation, usdt_volume = EXCLUDED.usdt_volume,
    computed_at = EXCLUDED.computed_at;
  RETURN v_rows;
END;
$$;

-- Views marketplace (ADR 024): listing, buying and cancelling are money commands (ADR 013), one
-- statement each. Listed views sit in the platform's `marketplace_escrow` VIEWS account; the
-- OPEN offer rows say whose they are, and `ledger:verify` checks that the two agree. Every race
-- (two buyers, a buyer and the seller's cancel, suspension) is settled by the conditional
-- update of the offer's status from OPEN: the second finds it closed and is refused.

-- An offer as the API answers it (minor units as strings).
CREATE FUNCTION vv_offer_json(p_offer uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT jsonb_build_object(
      'id', o.id, 'viewsQuantity', o.views_quantity::text, 'priceUsdtPerView', o.price_usdt_per_view::text,
      'totalPriceUsdt', o.total_price_usdt::text, 'status', o.status, 'createdAt', o.created_at,
      'closedAt', o.closed_at,
      'seller', jsonb_build_object('id', s.id, 'username', s.username, 'isVerified', s.is_verified),
      'buyer', CASE WHEN b.id IS NULL THEN NULL
               ELSE jsonb_build_object('id', b.id, 'username', b.username, 'isVerified', b.is_verified) END)
    FROM market_offers o JOIN profiles s ON s.id = o.seller_id LEFT JOIN profiles b ON b.id = o.buyer_id
    WHERE o.id = p_offer);
END;
$$;
--> statement-breakpoint
-- Lists an offer (the shared checks ran in the service): the views move to escrow (an overdraft
-- is the seeds' "Você não tem views suficientes"), then the offer row.
CREATE FUNCTION vv_market_list(
  p_member uuid, p_key text, p_route text, p_hash text,
  p_views bigint, p_price bigint, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_member, p_key, p_route, p_hash);
  v_tx uuid;
  v_id uuid;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  v_tx := ledger_post('market_list', p_member, jsonb_build_object('price', p_price::text),
    ARRAY[vv_account(p_member, 'VIEWS'), vv_system_account('marketplace_escrow', 'VIEWS')],
    ARRAY[-p_views, p_views], ARRAY[NULL, NULL]::uuid[]);
  INSERT INTO market_offers (seller_id, views_quantity, price_usdt_per_view, total_price_usdt,
    list_ledger_transaction_id, created_at)
  VALUES (p_member, p_views, p_price, p_views * p_price, v_tx, p_now) RETURNING id INTO v_id;
  RETURN vv_answer(p_member, p_key, 201, jsonb_build_object(
    'offer', vv_offer_json(v_id), 'balances', vv_balances(p_member)), ARRAY[p_member]);
END;
$$;
--> statement-breakpoint
-- Buys a whole offer: it must be OPEN and not the buyer's own; in one posting the buyer's USDT
-- goes to the seller (no fee) and the escrowed views to the buyer (an overdraft of the buyer's
-- USDT rolls everything back). The seller is told by e-mail if they want transaction notices.
CREATE FUNCTION vv_market_buy(
  p_buyer uuid, p_key text, p_route text, p_hash text, p_offer uuid, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_buyer, p_key, p_route, p_hash);
  v_tx uuid := gen_random_uuid();
  v_offer market_offers%ROWTYPE;
  v_buyer_username text;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  UPDATE market_offers SET status = 'SOLD', buyer_id = p_buyer, closed_at = p_now,
    close_ledger_transaction_id = v_tx
  WHERE id = p_offer AND status = 'OPEN' AND seller_id <> p_buyer
  RETURNING * INTO v_offer;
  IF v_offer.id IS NULL THEN
    SELECT * INTO v_offer FROM market_offers WHERE id = p_offer;
    IF v_offer.id IS NULL THEN PERFORM vv_refuse('NOT_FOUND', '{"context": "offer"}'); END IF;
    IF v_offer.seller_id = p_buyer THEN PERFORM vv_refuse('OWN_OFFER'); END IF;
    PERFORM vv_refuse('OFFER_UNAVAILABLE');
  END IF;
  PERFORM ledger_post('market_buy', p_buyer, jsonb_build_object('offerId', p_offer),
    ARRAY[vv_account(p_buyer, 'USDT'), vv_account(v_offer.seller_id, 'USDT'),
          vv_system_account('marketplace_escrow', 'VIEWS'), vv_account(p_buyer, 'VIEWS')],
    ARRAY[-v_offer.total_price_usdt, v_offer.total_price_usdt, -v_offer.views_quantity, v_offer.views_quantity],
    ARRAY[v_offer.seller_id, p_buyer, NULL, v_offer.seller_id], v_tx);
  SELECT username INTO v_buyer_username FROM profiles WHERE id = p_buyer;
  INSERT INTO mail_outbox ("to", kind, template, params, profile_id)
  SELECT u.email, 'offer-sold', 'offerSold', jsonb_build_object(
           'views', v_offer.views_quantity::text, 'total', v_offer.total_price_usdt::text,
           'buyer', v_buyer_username), p.id
  FROM profiles p JOIN users u ON u.id = p.auth_uid
  WHERE p.id = v_offer.seller_id AND coalesce((p.email_prefs ->> 'transactions')::boolean, false);
  RETURN vv_answer(p_buyer, p_key, 200, jsonb_build_object(
    'offer', vv_offer_json(p_offer), 'balances', vv_balances(p_buyer)), ARRAY[p_buyer, v_offer.seller_id]);
END;
$$;
--> statement-breakpoint
-- The seller cancels their OPEN offer: the escrowed views come back.
CREATE FUNCTION vv_market_cancel(
  p_member uuid, p_key text, p_route text, p_hash text, p_offer uuid, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_member, p_key, p_route, p_hash);
  v_tx uuid := gen_random_uuid();
  v_offer market_offers%ROWTYPE;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  UPDATE market_offers SET status = 'CANCELLED', closed_at = p_now, close_ledger_transaction_id = v_tx
  WHERE id = p_offer AND status = 'OPEN' AND seller_id = p_member
  RETURNING * INTO v_offer;
  IF v_offer.id IS NULL THEN
    SELECT * INTO v_offer FROM market_offers WHERE id = p_offer;
    IF v_offer.id IS NULL THEN PERFORM vv_refuse('NOT_FOUND', '{"context": "offer"}'); END IF;
    IF v_offer.seller_id <> p_member THEN PERFORM vv_refuse('FORBIDDEN', '{"context": "offerNotOwner"}'); END IF;
    PERFORM vv_refuse('OFFER_UNAVAILABLE');
  END IF;
  PERFORM ledger_post('market_cancel', p_member, jsonb_build_object('offerId', p_offer),
    ARRAY[vv_system_account('marketplace_escrow', 'VIEWS'), vv_account(p_member, 'VIEWS')],
    ARRAY[-v_offer.views_quantity, v_offer.views_quantity], ARRAY[NULL, NULL]::uuid[], v_tx);
  RETURN vv_answer(p_member, p_key, 200, jsonb_build_object(
    'offer', vv_offer_json(p_offer), 'balances', vv_balances(p_member)), ARRAY[p_member]);
END;
$$;
--> statement-breakpoint
-- Closes every OPEN offer of a member (suspension): one posting returns all their escrowed views.
-- Returns how many offers it cancelled.
CREATE FUNCTION vv_market_cancel_all(p_member uuid, p_now timestamptz)
RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  v_tx uuid := gen_random_uuid();
  v_ids uuid[];
  v_views bigint;
BEGIN
  WITH closed AS (
    UPDATE market_offers SET status = 'CANCELLED', closed_at = p_now, close_ledger_transaction_id = v_tx
    WHERE seller_id = p_member AND status = 'OPEN' RETURNING id, views_quantity)
  SELECT array_agg(id), sum(views_quantity) INTO v_ids, v_views FROM closed;
  IF v_ids IS NULL THEN RETURN 0; END IF;
  PERFORM ledger_post('market_cancel', NULL, jsonb_build_object('offers', to_jsonb(v_ids), 'reason', 'suspension'),
    ARRAY[vv_system_account('marketplace_escrow', 'VIEWS'), vv_account(p_member, 'VIEWS')],
    ARRAY[-v_views, v_views], ARRAY[NULL, NULL]::uuid[], v_tx);
  RETURN cardinality(v_ids);
END;
$$;

--> statement-breakpoint
-- The ranking (ADR 025), recomputed by a job every few minutes: per period (this week and this
-- month in UTC, all time), the members ranked by the views the platform credited them (the
-- ledger transaction kinds in p_kinds, positive entries on member accounts), with the USDT credited
-- in the same kinds and their paid referrals; and the summary cards. Suspended members, staff and
-- members who chose to hide are left out. One transaction under an advisory lock, so concurrent
-- instances take turns and readers always see a whole ranking.
CREATE FUNCTION vv_ranking_refresh(p_now timestamptz, p_kinds text[]) RETURNS int
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
    JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'member'
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
    (SELECT coalesce(sum(balance), 0) FROM ledger_accounts WHERE kind = 'member' AND currency = 'VIEWS')
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

--> statement-breakpoint
-- Deleting one's account (ADR 026), after re-authentication, in one statement: refused while an
-- offer is open or USDT is held for a withdrawal; a remaining balance needs the member's explicit
-- choice to give it up (then it is posted back to the issuance account, kind
-- 'account_deletion_forfeit'); then the profile and the sign-in identity are anonymised, every
-- session, password and two-factor secret is deleted (nobody can sign in as them again) and they
-- leave the ranking; the profile is also marked suspended, so every guard that keeps money and
-- rewards away from suspended members (transfers, matches, feeds) applies. Ledger entries and trade records stay, naming the anonymised profile, as
-- accounting law requires; `ledger:verify` still holds.
CREATE FUNCTION vv_delete_account(p_member uuid, p_forfeit boolean, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_auth text;
  v_views bigint;
  v_usdt bigint;
  v_pending bigint;
  v_name text;
BEGIN
  SELECT auth_uid INTO v_auth FROM profiles WHERE id = p_member AND deleted_at IS NULL FOR UPDATE;
  IF v_auth IS NULL THEN PERFORM vv_refuse('NOT_FOUND', '{"context": "member"}'); END IF;
  -- The member's accounts, locked in id order like every posting.
  PERFORM 1 FROM ledger_accounts WHERE profile_id = p_member ORDER BY id FOR UPDATE;
  IF EXISTS (SELECT 1 FROM market_offers WHERE seller_id = p_member AND status = 'OPEN') THEN
    PERFORM vv_refuse('ACCOUNT_DELETION_BLOCKED', '{"context": "openOffers"}');
  END IF;
  SELECT coalesce(max(balance) FILTER (WHERE kind = 'member' AND currency = 'VIEWS'), 0),
         coalesce(max(balance) FILTER (WHERE kind = 'member' AND currency = 'USDT'), 0),
         coalesce(sum(balance) FILTER (WHERE kind = 'member_pending'), 0)
    INTO v_views, v_usdt, v_pending
  FROM ledger_accounts WHERE profile_id = p_member;
  IF v_pending > 0 THEN
    PERFORM vv_refuse('ACCOUNT_DELETION_BLOCKED', '{"context": "pendingWithdrawal"}');
  END IF;
  IF (v_views > 0 OR v_usdt > 0) AND NOT p_forfeit THEN
    PERFORM vv_refuse('ACCOUNT_DELETION_BLOCKED', '{"context": "balance"}', 'forfeitBalance');
  END IF;
  IF v_views > 0 OR v_usdt > 0 THEN
    PERFORM ledger_post('account_deletion_forfeit', p_member, '{}',
      ARRAY[vv_account(p_member, 'VIEWS'), vv_system_account('rewards', 'VIEWS'),
            vv_account(p_member, 'USDT'), vv_system_account('rewards', 'USDT')],
      ARRAY[-v_views, v_views, -v_usdt, v_usdt], ARRAY[NULL, NULL, NULL, NULL]::uuid[]);
  END IF;
  v_name := 'deleted_' || substr(replace(p_member::text, '-', ''), 1, 12);
  UPDATE profiles SET username = v_name, wallet_address = NULL, wallet_network = NULL,
    signup_ip = NULL, signup_user_agent = NULL, hidden_from_ranking = true, deleted_at = p_now,
    suspended = true,
    email_prefs = '{"newSignIn": false, "transactions": false, "product": false}'
  WHERE id = p_member;
  UPDATE users SET name = v_name, email = v_name || '@deleted.invalid', image = NULL,
    display_username = v_name, two_factor_enabled = false, signup_ip = NULL,
    signup_user_agent = NULL, updated_at = p_now
  WHERE id = v_auth;
  DELETE FROM sessions WHERE user_id = v_auth;
  DELETE FROM accounts WHERE user_id = v_auth;
  DELETE FROM two_factors WHERE user_id = v_auth;
  DELETE FROM ranking_entries WHERE profile_id = p_member;
  DELETE FROM mail_outbox WHERE profile_id = p_member AND sent_at IS NULL;
  RETURN vv_answer(p_member, NULL, 200, jsonb_build_object('deleted', true,
    'forfeited', jsonb_build_object('views', v_views::text, 'usdt', v_usdt::text)), ARRAY[p_member]);
END;
$$;

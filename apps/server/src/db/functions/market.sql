-- Views marketplace (ADR 024): listing, buying and cancelling are money commands (ADR 013), one
-- statement each. Listed views sit in the platform's `marketplace_escrow` VIEWS account; the
-- OPEN offer rows say whose they are, and `ledger:verify` checks that the two agree. Every race
-- (two buyers, a buyer and the seller's cancel, suspension) is settled by the conditional
-- update of the offer's status from OPEN: the second finds it closed and is refused.
--
-- The ONE current definition of each function below (ADR 042): edit it here, never in a
-- migration. Applied after the migrations when this file's sha256 changes (src/db/migrate.ts).

-- An offer as the API answers it (minor units as strings).
CREATE OR REPLACE FUNCTION vv_offer_json(p_offer uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
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

-- Lists an offer (the shared checks ran in the service): the views move to escrow (an overdraft
-- is the seeds' "Você não tem views suficientes"), then the offer row.
CREATE OR REPLACE FUNCTION vv_market_list(
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

-- Buys a whole offer: it must be OPEN and not the buyer's own; in one posting the buyer's USDT
-- goes to the seller (no fee) and the escrowed views to the buyer (an overdraft of the buyer's
-- USDT rolls everything back). The seller is told by e-mail if they want transaction notices.
CREATE OR REPLACE FUNCTION vv_market_buy(
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
  -- The seller's notification (and e-mail, where they keep it on: vv_notify).
  PERFORM vv_notify(v_offer.seller_id, 'offerSold', jsonb_build_object(
    'views', v_offer.views_quantity::text, 'total', v_offer.total_price_usdt::text,
    'buyer', v_buyer_username, 'offerId', v_offer.id::text), p_now);
  RETURN vv_answer(p_buyer, p_key, 200, jsonb_build_object(
    'offer', vv_offer_json(p_offer), 'balances', vv_balances(p_buyer)), ARRAY[p_buyer, v_offer.seller_id]);
END;
$$;

-- The seller cancels their OPEN offer: the escrowed views come back.
CREATE OR REPLACE FUNCTION vv_market_cancel(
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

-- Closes every OPEN offer of a member (suspension): one posting returns all their escrowed views.
-- Returns how many offers it cancelled.
CREATE OR REPLACE FUNCTION vv_market_cancel_all(p_member uuid, p_now timestamptz)
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

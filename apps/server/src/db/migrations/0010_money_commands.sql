-- Money commands (ADR 013): every money-moving request is ONE statement — one round trip — that
-- claims its Idempotency-Key, checks what only the database knows, posts to the ledger, writes
-- the domain record and the e-mail notice, and stores its result for replays. Balances are the
-- member accounts themselves; the commit no longer re-checks every entry nor NOTIFYs.

-- Every member has a pending USDT account: what is held for their withdrawals.
INSERT INTO ledger_accounts (kind, profile_id, currency)
SELECT 'member_pending', id, 'USDT' FROM profiles ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION create_member_accounts() RETURNS trigger AS $$
BEGIN
  INSERT INTO ledger_accounts (kind, profile_id, currency)
  VALUES ('member', NEW.id, 'VIEWS'), ('member', NEW.id, 'USDT'), ('member_pending', NEW.id, 'USDT');
  INSERT INTO referral_balance (user_id) VALUES (NEW.id);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The seeds' balance tables, as views of the member accounts: nothing keeps a balance twice.
CREATE VIEW view_balances AS
  SELECT profile_id AS user_id, balance AS balance_views, updated_at
  FROM ledger_accounts WHERE kind = 'member' AND currency = 'VIEWS';
--> statement-breakpoint
CREATE VIEW wallet_balances AS
  SELECT a.profile_id AS user_id, a.balance AS balance_usdt, coalesce(p.balance, 0) AS pending_usdt,
         greatest(a.updated_at, p.updated_at) AS updated_at
  FROM ledger_accounts a
  LEFT JOIN ledger_accounts p ON p.profile_id = a.profile_id AND p.kind = 'member_pending' AND p.currency = 'USDT'
  WHERE a.kind = 'member' AND a.currency = 'USDT';
--> statement-breakpoint
-- ledger_post checks that every posting balances before it writes anything; re-checking every
-- entry again at commit was the same check twice. `npm run ledger:verify` remains the audit.
DROP TRIGGER IF EXISTS ledger_entries_balanced ON ledger_entries;
--> statement-breakpoint
DROP FUNCTION IF EXISTS ledger_check_balanced();
--> statement-breakpoint
DROP FUNCTION IF EXISTS ledger_post(text, uuid, jsonb, jsonb, uuid, bigint);
--> statement-breakpoint
-- A refusal the client can act on: the error catalogue's code, its message parameters and the
-- form field (the server maps SQLSTATE VV400 to AppError(code, params)).
CREATE FUNCTION vv_refuse(p_code text, p_params jsonb DEFAULT '{}', p_field text DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'VV400', MESSAGE = p_code, DETAIL = p_params::text,
    HINT = coalesce(p_field, '');
END;
$$;
--> statement-breakpoint
-- Helpers are PL/pgSQL, not SQL functions: PL/pgSQL caches each statement's plan per connection,
-- while a SQL function is planned again at every call (measured: twice the cost).
-- A member's account (kind 'member' or 'member_pending') in a currency.
CREATE FUNCTION vv_account(p_profile uuid, p_currency text, p_kind text DEFAULT 'member')
RETURNS bigint LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT id FROM ledger_accounts
          WHERE profile_id = p_profile AND kind = p_kind AND currency = p_currency);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION vv_system_account(p_kind text, p_currency text)
RETURNS bigint LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT id FROM ledger_accounts
          WHERE profile_id IS NULL AND kind = p_kind AND currency = p_currency);
END;
$$;
--> statement-breakpoint
-- A member's account and the issuance account of a currency, in one read: [member, rewards].
CREATE FUNCTION vv_member_and_rewards(p_profile uuid, p_currency text)
RETURNS bigint[] LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT array_agg(id ORDER BY profile_id IS NULL) FROM ledger_accounts
          WHERE currency = p_currency
            AND ((profile_id = p_profile AND kind = 'member') OR (profile_id IS NULL AND kind = 'rewards')));
END;
$$;
--> statement-breakpoint
-- A member's balances as the API answers them (minor units as strings).
CREATE FUNCTION vv_balances(p_profile uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT jsonb_build_object(
    'views', coalesce(max(balance) FILTER (WHERE kind = 'member' AND currency = 'VIEWS'), 0)::text,
    'usdt', coalesce(max(balance) FILTER (WHERE kind = 'member' AND currency = 'USDT'), 0)::text,
    'pendingUsdt', coalesce(max(balance) FILTER (WHERE kind = 'member_pending'), 0)::text)
  FROM ledger_accounts WHERE profile_id = p_profile);
END;
$$;
--> statement-breakpoint
-- Posts one balanced ledger transaction: legs are parallel arrays (account, signed amount,
-- counterparty); zero legs are dropped. Reads the legs' accounts once; checks in PL/pgSQL (no SQL)
-- that they are distinct, exist and balance per currency; updates the member accounts in
-- ascending id order (concurrent postings lock accounts in the same order and cannot deadlock;
-- system accounts are never locked or updated), refusing any overdraft with SQLSTATE VV002
-- (DETAIL: the currency); and writes the transaction and its entries, with the members' running
-- balances, in one statement. System accounts keep no running balance (theirs is the sum of
-- their entries), so they are never a hot row. A command that records the transaction's id before
-- posting passes it (p_id). Every statement counts: see ADR 013.
CREATE FUNCTION ledger_post(
  p_kind text, p_actor uuid, p_memo jsonb,
  p_accounts bigint[], p_amounts bigint[], p_counterparties uuid[], p_id uuid DEFAULT NULL
) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_tx uuid := coalesce(p_id, gen_random_uuid());
  v_n int := cardinality(p_accounts);
  v_ids bigint[];
  v_currencies text[];
  v_is_member boolean[];
  v_views bigint := 0;
  v_usdt bigint := 0;
  v_leg_ids bigint[] := '{}';
  v_leg_amounts bigint[] := '{}';
  v_leg_counterparties uuid[] := '{}';
  v_leg_currencies text[] := '{}';
  v_leg_balances bigint[] := '{}';
  v_balance bigint;
  v_at int;
  v_amount bigint;
BEGIN
  SELECT array_agg(id ORDER BY id), array_agg(currency ORDER BY id),
         array_agg(profile_id IS NOT NULL ORDER BY id)
    INTO v_ids, v_currencies, v_is_member
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
  RETURN v_tx;
END;
$$;
--> statement-breakpoint
-- Claims an Idempotency-Key for the command about to run. NULL: go on (no key, or newly claimed).
-- Otherwise the first run's stored answer, {status, result, replayed: true}. A concurrent claim
-- of the same key waits on the primary key until the first command commits, then replays it.
CREATE FUNCTION vv_idempotency_claim(p_profile uuid, p_key text, p_route text, p_hash text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_hash text;
  v_status int;
  v_body text;
BEGIN
  IF p_key IS NULL THEN RETURN NULL; END IF;
  INSERT INTO idempotency_keys (profile_id, key, route, request_hash)
  VALUES (p_profile, p_key, p_route, p_hash) ON CONFLICT DO NOTHING;
  IF FOUND THEN RETURN NULL; END IF;
  SELECT request_hash, response_status, response_body INTO v_hash, v_status, v_body
  FROM idempotency_keys WHERE profile_id = p_profile AND key = p_key;
  IF v_hash IS DISTINCT FROM p_hash THEN PERFORM vv_refuse('IDEMPOTENCY_KEY_REUSED'); END IF;
  IF v_status IS NULL THEN
    PERFORM vv_refuse('CONFLICT', '{"context": "idempotencyInProgress"}');
  END IF;
  RETURN jsonb_build_object('status', v_status, 'result', v_body::jsonb, 'replayed', true);
END;
$$;
--> statement-breakpoint
-- Stores a command's answer with its key and returns it as the command's outcome.
CREATE FUNCTION vv_answer(p_profile uuid, p_key text, p_status int, p_result jsonb, p_touched uuid[])
RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response_status = p_status, response_body = p_result::text
    WHERE profile_id = p_profile AND key = p_key;
  END IF;
  RETURN jsonb_build_object('status', p_status, 'result', p_result, 'replayed', false,
    'touched', to_jsonb(p_touched));
END;
$$;
--> statement-breakpoint
-- An e-mail notice to a member, rendered in their language when it is delivered.
CREATE FUNCTION vv_notice(p_profile uuid, p_kind text, p_template text, p_params jsonb)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mail_outbox ("to", kind, template, params, profile_id)
  SELECT u.email, p_kind, p_template, p_params, p.id
  FROM profiles p JOIN users u ON u.id = p.auth_uid WHERE p.id = p_profile;
END;
$$;
--> statement-breakpoint
-- The referral commission on USDT the platform credits to an invited member: p_bps of it, paid
-- by the platform to the referrer (not when the referral is held or the referrer suspended). On
-- conversions only the new net conversion above the high-water mark earns, in exact micro-USDT,
-- so swapping back and forth earns nothing. Returns the referrer paid, or NULL.
CREATE FUNCTION vv_pay_commission(p_referee uuid, p_credited bigint, p_via_conversion boolean, p_bps bigint)
RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_referrer uuid;
  v_net bigint;
  v_hwm bigint;
  v_after bigint;
  v_commission bigint;
BEGIN
  SELECT r.referrer_user_id INTO v_referrer
  FROM referrals r JOIN profiles p ON p.id = r.referrer_user_id AND NOT p.suspended
  WHERE r.referred_user_id = p_referee AND r.status = 'PAID';
  IF v_referrer IS NULL THEN RETURN NULL; END IF;
  IF p_via_conversion THEN
    INSERT INTO referral_conversions (referred_user_id) VALUES (p_referee) ON CONFLICT DO NOTHING;
    SELECT net_converted, high_water_mark INTO v_net, v_hwm
    FROM referral_conversions WHERE referred_user_id = p_referee FOR UPDATE;
    v_net := v_net + p_credited;
    v_after := greatest(v_hwm, v_net);
    UPDATE referral_conversions SET net_converted = v_net, high_water_mark = v_after, updated_at = now()
    WHERE referred_user_id = p_referee;
    v_commission := (v_after * p_bps) / 10000 - (v_hwm * p_bps) / 10000;
  ELSE
    v_commission := (p_credited * p_bps) / 10000;
  END IF;
  IF v_commission <= 0 THEN RETURN NULL; END IF;
  PERFORM ledger_post('referral_commission', NULL,
    jsonb_build_object('referee', p_referee, 'base', p_credited::text, 'viaConversion', p_via_conversion),
    ARRAY[vv_system_account('rewards', 'USDT'), vv_account(v_referrer, 'USDT')],
    ARRAY[-v_commission, v_commission], ARRAY[NULL, p_referee]::uuid[]);
  UPDATE referral_balance SET usdt_from_referrals = usdt_from_referrals + v_commission, updated_at = now()
  WHERE user_id = v_referrer;
  RETURN v_referrer;
END;
$$;
--> statement-breakpoint
-- A transfer (the shared checks ran in the service): the recipient by username or id, with both
-- members' accounts in the same read, never the sender and never a suspended member; one
-- posting; then the record, the recipient's notice and the answer in one statement.
CREATE FUNCTION vv_transfer(
  p_sender uuid, p_key text, p_route text, p_hash text,
  p_recipient text, p_currency text, p_amount bigint, p_sender_username text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_sender, p_key, p_route, p_hash);
  v_value text := regexp_replace(btrim(p_recipient), '^@', '');
  v_to record;
  v_tx uuid;
  v_result jsonb;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  -- The seeds' rule: a value with a hyphen is an id, otherwise a username (case-insensitive).
  IF position('-' IN v_value) > 0 THEN
    IF v_value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
      SELECT p.id, p.username, p.is_verified, p.suspended, p.auth_uid,
             (p.email_prefs ->> 'transactions')::boolean AS notify,
             ra.id AS to_account, sa.id AS from_account
        INTO v_to
      FROM profiles p
      JOIN ledger_accounts ra ON ra.profile_id = p.id AND ra.kind = 'member' AND ra.currency = p_currency
      JOIN ledger_accounts sa ON sa.profile_id = p_sender AND sa.kind = 'member' AND sa.currency = p_currency
      WHERE p.id = v_value::uuid;
    END IF;
  ELSE
    SELECT p.id, p.username, p.is_verified, p.suspended, p.auth_uid,
           (p.email_prefs ->> 'transactions')::boolean AS notify,
           ra.id AS to_account, sa.id AS from_account
      INTO v_to
    FROM profiles p
    JOIN ledger_accounts ra ON ra.profile_id = p.id AND ra.kind = 'member' AND ra.currency = p_currency
    JOIN ledger_accounts sa ON sa.profile_id = p_sender AND sa.kind = 'member' AND sa.currency = p_currency
    WHERE lower(p.username) = lower(v_value);
  END IF;
  IF v_to.id = p_sender THEN PERFORM vv_refuse('SELF_TRANSFER', '{}', 'recipient'); END IF;
  IF v_to.id IS NULL OR v_to.suspended THEN
    PERFORM vv_refuse('RECIPIENT_NOT_FOUND', '{}', 'recipient');
  END IF;
  v_tx := ledger_post('transfer', p_sender, '{}', ARRAY[v_to.from_account, v_to.to_account],
    ARRAY[-p_amount, p_amount], ARRAY[v_to.id, p_sender]);
  WITH transfer AS (
    INSERT INTO user_transfers (sender_id, recipient_id, transfer_type, amount, ledger_transaction_id)
    VALUES (p_sender, v_to.id, p_currency, p_amount, v_tx) RETURNING id, status, created_at),
  notice AS (
    INSERT INTO mail_outbox ("to", kind, template, params, profile_id)
    SELECT u.email, 'transfer-received', 'transferReceived', jsonb_build_object(
             'currency', p_currency, 'amount', p_amount::text, 'sender', p_sender_username), v_to.id
    FROM users u WHERE u.id = v_to.auth_uid AND v_to.notify)
  SELECT jsonb_build_object(
      'transfer', jsonb_build_object('id', t.id, 'status', t.status, 'createdAt', t.created_at),
      'recipient', jsonb_build_object('id', v_to.id, 'username', v_to.username, 'isVerified', v_to.is_verified),
      'balances', vv_balances(p_sender))
    INTO v_result FROM transfer t;
  RETURN vv_answer(p_sender, p_key, 200, v_result, ARRAY[p_sender, v_to.id]);
END;
$$;
--> statement-breakpoint
-- A swap at the fixed rates (the service priced it from the shared quote), with the issuance
-- account as the other side, and the referrer's commission on new net conversion.
CREATE FUNCTION vv_swap(
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
--> statement-breakpoint
-- Lists a video (the seeds' checks 1–5 ran in the service, with the oEmbed title): refuses a
-- YouTube video the member already listed, charges the posting cost, inserts the video.
CREATE FUNCTION vv_post_video(
  p_member uuid, p_key text, p_route text, p_hash text,
  p_youtube_id text, p_title text, p_url text, p_country text, p_theme text, p_thumbnail text,
  p_now timestamptz, p_cost bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_member, p_key, p_route, p_hash);
  v_tx uuid;
  v_video videos%ROWTYPE;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  IF EXISTS (SELECT 1 FROM videos WHERE user_id = p_member AND youtube_id = p_youtube_id) THEN
    PERFORM vv_refuse('VIDEO_ALREADY_LISTED');
  END IF;
  v_tx := ledger_post('video_post', p_member, jsonb_build_object('youtubeId', p_youtube_id),
    vv_member_and_rewards(p_member, 'VIEWS'), ARRAY[-p_cost, p_cost], ARRAY[NULL, NULL]::uuid[]);
  INSERT INTO videos (user_id, title, youtube_url, youtube_id, country, theme, thumbnail_url, ledger_transaction_id, created_at)
  VALUES (p_member, p_title, p_url, p_youtube_id, p_country, p_theme, p_thumbnail, v_tx, p_now)
  ON CONFLICT (user_id, youtube_id) DO NOTHING
  RETURNING * INTO v_video;
  IF v_video.id IS NULL THEN PERFORM vv_refuse('VIDEO_ALREADY_LISTED'); END IF;
  RETURN vv_answer(p_member, p_key, 201, jsonb_build_object(
    'video', to_jsonb(v_video), 'balances', vv_balances(p_member)), ARRAY[p_member]);
END;
$$;
--> statement-breakpoint
-- Boosts the owner's video for p_hours (ADR 006): a boost of a running boost extends it from its
-- end. The video row is locked, so concurrent boosts chain instead of overlapping.
CREATE FUNCTION vv_boost(
  p_member uuid, p_key text, p_route text, p_hash text,
  p_video uuid, p_now timestamptz, p_cost bigint, p_hours int
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_member, p_key, p_route, p_hash);
  v_video videos%ROWTYPE;
  v_tx uuid;
  v_extended boolean;
  v_start timestamptz;
  v_end timestamptz;
  v_result jsonb;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  SELECT v.* INTO v_video FROM videos v JOIN profiles p ON p.id = v.user_id AND NOT p.suspended
  WHERE v.id = p_video FOR UPDATE OF v;
  IF v_video.id IS NULL THEN PERFORM vv_refuse('NOT_FOUND', '{"context": "video"}'); END IF;
  IF v_video.user_id <> p_member THEN PERFORM vv_refuse('FORBIDDEN', '{"context": "boostNotOwner"}'); END IF;
  v_tx := ledger_post('boost', p_member, jsonb_build_object('videoId', p_video),
    vv_member_and_rewards(p_member, 'VIEWS'), ARRAY[-p_cost, p_cost], ARRAY[NULL, NULL]::uuid[]);
  v_extended := v_video.boosted_until IS NOT NULL AND v_video.boosted_until > p_now;
  v_start := CASE WHEN v_extended THEN v_video.boosted_until ELSE p_now END;
  v_end := v_start + p_hours * interval '1 hour';
  WITH boost AS (
    INSERT INTO video_boosts (video_id, user_id, starts_at, expires_at, cost_views, ledger_transaction_id, created_at)
    VALUES (p_video, p_member, v_start, v_end, p_cost, v_tx, p_now)),
  boosted AS (UPDATE videos SET boosted_until = v_end WHERE id = p_video RETURNING *)
  SELECT jsonb_build_object(
      'video', to_jsonb(b),
      'boost', jsonb_build_object('startsAt', v_start, 'expiresAt', v_end, 'costViews', p_cost::text,
        'extended', v_extended),
      'balances', vv_balances(p_member))
    INTO v_result FROM boosted b;
  RETURN vv_answer(p_member, p_key, 200, v_result, ARRAY[p_member]);
END;
$$;
--> statement-breakpoint
-- A view request: one of the member's daily slots (a counter updated conditionally), 1 view, and
-- the pool; when another member's request waits, the oldest is matched with it and both gain the
-- reward. Under the pool lock, so two requests arriving together always meet and a waiting request
-- is matched once; both members' views accounts are locked in ascending id order first.
CREATE FUNCTION vv_view_request(
  p_member uuid, p_key text, p_route text, p_hash text,
  p_now timestamptz, p_day date, p_limit int, p_cost bigint, p_reward bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_member, p_key, p_route, p_hash);
  v_slot int;
  v_partner record;
  v_charge uuid;
  v_match uuid;
  v_id uuid;
  v_request jsonb;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  PERFORM pg_advisory_xact_lock(7384192005);
  INSERT INTO view_request_days AS d (user_id, day, count) VALUES (p_member, p_day, 1)
  ON CONFLICT (user_id, day) DO UPDATE SET count = d.count + 1 WHERE d.count < p_limit
  RETURNING count INTO v_slot;
  IF v_slot IS NULL THEN
    PERFORM vv_refuse('DAILY_LIMIT_REACHED', jsonb_build_object('context', 'viewRequest', 'limit', p_limit));
  END IF;
  SELECT r.id, r.requester_id INTO v_partner FROM view_requests r
  JOIN profiles p ON p.id = r.requester_id AND NOT p.suspended
  WHERE r.status = 'PENDING' AND r.requester_id <> p_member
  ORDER BY r.created_at, r.id LIMIT 1 FOR UPDATE OF r;
  PERFORM 1 FROM ledger_accounts
  WHERE kind = 'member' AND currency = 'VIEWS' AND profile_id IN (p_member, v_partner.requester_id)
  ORDER BY id FOR UPDATE;
  v_charge := ledger_post('view_request', p_member, jsonb_build_object('dailyCount', v_slot),
    vv_member_and_rewards(p_member, 'VIEWS'), ARRAY[-p_cost, p_cost], ARRAY[NULL, NULL]::uuid[]);
  INSERT INTO view_requests (requester_id, daily_count, ledger_transaction_id, created_at)
  VALUES (p_member, v_slot, v_charge, p_now) RETURNING id INTO v_id;
  IF v_partner.id IS NOT NULL THEN
    v_match := ledger_post('view_request_match', p_member,
      jsonb_build_object('requests', jsonb_build_array(v_partner.id, v_id)),
      ARRAY[vv_system_account('rewards', 'VIEWS'), vv_account(p_member, 'VIEWS'), vv_account(v_partner.requester_id, 'VIEWS')],
      ARRAY[-2 * p_reward, p_reward, p_reward], ARRAY[NULL, v_partner.requester_id, p_member]);
    UPDATE view_requests SET status = 'MATCHED', matched_with = v_partner.requester_id,
      matched_request_id = v_partner.id, matched_at = p_now, match_ledger_transaction_id = v_match
    WHERE id = v_id;
    UPDATE view_requests SET status = 'MATCHED', matched_with = p_member, matched_request_id = v_id,
      matched_at = p_now, match_ledger_transaction_id = v_match
    WHERE id = v_partner.id AND status = 'PENDING';
  END IF;
  SELECT jsonb_build_object('id', r.id, 'status', r.status, 'dailyCount', r.daily_count,
      'matchedWith', CASE WHEN m.id IS NULL THEN NULL ELSE jsonb_build_object('id', m.id, 'username', m.username) END,
      'matchedAt', r.matched_at, 'createdAt', r.created_at)
    INTO v_request
  FROM view_requests r LEFT JOIN profiles m ON m.id = r.matched_with WHERE r.id = v_id;
  RETURN vv_answer(p_member, p_key, 201, jsonb_build_object(
    'request', v_request, 'matched', v_partner.id IS NOT NULL, 'balances', vv_balances(p_member)),
    array_remove(ARRAY[p_member, v_partner.requester_id], NULL));
END;
$$;
--> statement-breakpoint
-- Completes a watch session once p_content_seconds of content passed by the server's clock, and
-- credits the watcher and the creator (nothing to a suspended creator) once: one of many
-- concurrent completions finds the session in CONTENT. One open session per member serialises
-- a member's completions, so the rewatch window is exact; the daily cap is a counter row.
CREATE FUNCTION vv_watch_complete(
  p_member uuid, p_session uuid, p_now timestamptz, p_content_seconds int, p_rewatch_hours int,
  p_day date, p_cap int, p_watcher_reward bigint, p_creator_reward bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_video uuid;
  v_session jsonb;
  v_creator uuid;
  v_creator_suspended boolean;
  v_status text;
  v_recent boolean;
  v_slot int;
  v_creator_reward bigint;
  v_rewards_account bigint;
  v_watcher_account bigint;
  v_creator_account bigint;
  v_tx uuid;
  v_balances jsonb;
BEGIN
  -- The credit's ledger transaction is named up front, so the session records it in this update.
  v_tx := gen_random_uuid();
  UPDATE ads_sessions s SET status = 'COMPLETED', content_completed_at = p_now, credited = true,
    ledger_transaction_id = v_tx
  FROM videos v JOIN profiles cp ON cp.id = v.user_id
  WHERE s.id = p_session AND s.user_id = p_member AND s.status = 'CONTENT'
    AND s.content_started_at <= p_now - p_content_seconds * interval '1 second' AND v.id = s.video_id
  RETURNING s.video_id, to_jsonb(s.*), v.user_id, cp.suspended
    INTO v_video, v_session, v_creator, v_creator_suspended;
  IF v_video IS NULL THEN
    SELECT status INTO v_status FROM ads_sessions WHERE id = p_session AND user_id = p_member;
    IF v_status IS NULL THEN PERFORM vv_refuse('NOT_FOUND', '{"context": "watchSession"}'); END IF;
    IF v_status = 'AD' THEN PERFORM vv_refuse('SESSION_TOO_EARLY', '{"context": "contentNotStarted"}'); END IF;
    IF v_status = 'CONTENT' THEN
      PERFORM vv_refuse('SESSION_TOO_EARLY', jsonb_build_object('context', 'content', 'seconds', p_content_seconds));
    END IF;
    IF v_status = 'COMPLETED' THEN PERFORM vv_refuse('SESSION_NOT_ACTIVE', '{"context": "completed"}'); END IF;
    PERFORM vv_refuse('SESSION_NOT_ACTIVE');
  END IF;
  IF v_creator = p_member THEN PERFORM vv_refuse('OWN_VIDEO'); END IF;
  -- In one read: whether this video credited the member within the rewatch window (then nothing
  -- else happens), else one more credited session counted for the day unless the cap is reached.
  WITH recent AS (
    SELECT 1 FROM ads_sessions
    WHERE user_id = p_member AND video_id = v_video AND credited AND id <> p_session
      AND content_completed_at > p_now - p_rewatch_hours * interval '1 hour'
    LIMIT 1),
  slot AS (
    INSERT INTO watch_daily AS w (user_id, day, credited)
    SELECT p_member, p_day, 1 WHERE NOT EXISTS (SELECT 1 FROM recent)
    ON CONFLICT (user_id, day) DO UPDATE SET credited = w.credited + 1 WHERE w.credited < p_cap
    RETURNING credited)
  SELECT EXISTS (SELECT 1 FROM recent), (SELECT credited FROM slot) INTO v_recent, v_slot;
  IF v_recent THEN PERFORM vv_refuse('ALREADY_WATCHED'); END IF;
  IF v_slot IS NULL THEN
    PERFORM vv_refuse('DAILY_LIMIT_REACHED', jsonb_build_object('context', 'watch', 'limit', p_cap));
  END IF;
  -- No reward of any kind reaches a suspended member: their video pays its watcher only.
  v_creator_reward := CASE WHEN v_creator_suspended THEN 0 ELSE p_creator_reward END;
  SELECT max(id) FILTER (WHERE profile_id IS NULL), max(id) FILTER (WHERE profile_id = p_member),
         max(id) FILTER (WHERE profile_id = v_creator)
    INTO v_rewards_account, v_watcher_account, v_creator_account
  FROM ledger_accounts
  WHERE currency = 'VIEWS'
    AND ((profile_id IN (p_member, v_creator) AND kind = 'member') OR (profile_id IS NULL AND kind = 'rewards'));
  PERFORM ledger_post('watch_reward', p_member,
    jsonb_build_object('videoId', v_video, 'sessionId', p_session),
    ARRAY[v_rewards_account, v_watcher_account, v_creator_account],
    ARRAY[-(p_watcher_reward + v_creator_reward), p_watcher_reward, v_creator_reward],
    ARRAY[NULL, v_creator, p_member], v_tx);
  WITH counted AS (UPDATE videos SET watched_count = watched_count + 1 WHERE id = v_video)
  SELECT vv_balances(p_member) INTO v_balances;
  RETURN vv_answer(p_member, NULL, 200, jsonb_build_object(
    'session', v_session, 'rewardViews', p_watcher_reward::text, 'balances', v_balances),
    ARRAY[p_member, v_creator]);
END;
$$;
--> statement-breakpoint
-- Signed-in members are cached by every instance (ADR 013): a change to a session, a profile or
-- a user tells them all to forget that member at once.
CREATE FUNCTION vv_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('vv_members', OLD.user_id);
  ELSIF TG_TABLE_NAME = 'profiles' THEN
    PERFORM pg_notify('vv_members', OLD.auth_uid);
  ELSE
    PERFORM pg_notify('vv_members', OLD.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_member_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION vv_member_changed();
--> statement-breakpoint
CREATE TRIGGER profiles_member_changed AFTER UPDATE ON profiles
  FOR EACH ROW EXECUTE FUNCTION vv_member_changed();
--> statement-breakpoint
CREATE TRIGGER users_member_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION vv_member_changed();

-- Earnings on hold (ADR 047, SPEC §11): watch rewards, creator credits and view-request gains
-- are credited to the member's `member_held` account with an `earning_holds` row, in the same
-- statement as the credit; they clear to the available account (`member`) when the hold window of
-- the member's risk level has passed (the clearing job) or early by staff, or staff claw them back
-- to the issuance account — each hold exactly once (a conditional update of its row).

-- The risk model's table (owned by the risk work, which creates the same table with the same
-- columns): a member without a row is 'normal'.
CREATE TABLE IF NOT EXISTS member_risk (
  member_id uuid PRIMARY KEY,
  score int NOT NULL DEFAULT 0,
  level text NOT NULL DEFAULT 'normal',
  reasons jsonb NOT NULL DEFAULT '[]'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- Every member gets a held account per currency, created after their other accounts (a larger
-- id: postings lock a member's available account before their held account).
INSERT INTO ledger_accounts (kind, profile_id, currency)
SELECT 'member_held', p.id, c.currency FROM profiles p CROSS JOIN (VALUES ('VIEWS'), ('USDT')) AS c(currency)
ORDER BY p.id, c.currency
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION create_member_accounts() RETURNS trigger AS $$
BEGIN
  INSERT INTO ledger_accounts (kind, profile_id, currency)
  VALUES ('member', NEW.id, 'VIEWS'), ('member', NEW.id, 'USDT'), ('member_pending', NEW.id, 'USDT'),
         ('member_held', NEW.id, 'VIEWS'), ('member_held', NEW.id, 'USDT');
  INSERT INTO referral_balance (user_id) VALUES (NEW.id);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A member's risk level: the risk model's, 'normal' without a row.
CREATE OR REPLACE FUNCTION vv_risk_level(p_member uuid) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((SELECT level FROM member_risk WHERE member_id = p_member), 'normal');
END;
$$;
--> statement-breakpoint
-- Writes the holds of one credit (the posting p_tx, already made to the members' held accounts):
-- one row per member with a positive amount, clearing after the hours of the member's risk level
-- in p_hours ({"low": 24, "normal": 24, "high": 72}: HOLD.hoursByRisk, passed by the service; an
-- unknown level gets the 'normal' hours).
CREATE OR REPLACE FUNCTION vv_hold_credit(
  p_tx uuid, p_now timestamptz, p_hours jsonb, p_currency text,
  p_members uuid[], p_amounts bigint[], p_sources text[], p_source_ids uuid[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO earning_holds (member_id, currency, amount, source_kind, source_id,
                             ledger_transaction_id, created_at, clears_at)
  SELECT h.member, p_currency, h.amount, h.source, h.source_id, p_tx, p_now,
         p_now + make_interval(hours => coalesce((p_hours ->> vv_risk_level(h.member))::int,
                                                 (p_hours ->> 'normal')::int))
  FROM unnest(p_members, p_amounts, p_sources, p_source_ids) AS h(member, amount, source, source_id)
  WHERE h.member IS NOT NULL AND h.amount > 0;
END;
$$;
--> statement-breakpoint
-- A member's balances as the API answers them (minor units as strings): available views and
-- USDT, USDT held for withdrawals, views on hold and when the first of them clears.
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
--> statement-breakpoint
-- ledger_post: earnings credited to a held account count as earned (ADR 047), as before.
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
-- vv_watch_complete: unchanged but for WHERE it credits (ADR 047, marked "hold:"): the watcher's
-- reward and the creator's credit go to their held accounts, with their holds, in this statement.
-- New last parameter p_hold_hours (HOLD.hoursByRisk).
DROP FUNCTION IF EXISTS vv_watch_complete(uuid, uuid, timestamptz, int, int, date, int, bigint, bigint);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vv_watch_complete(
  p_member uuid, p_session uuid, p_now timestamptz, p_content_seconds int, p_rewatch_hours int,
  p_day date, p_cap int, p_watcher_reward bigint, p_creator_reward bigint, p_hold_hours jsonb
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
    -- hold: the watcher's and the creator's HELD accounts (was kind = 'member').
    AND ((profile_id IN (p_member, v_creator) AND kind = 'member_held') OR (profile_id IS NULL AND kind = 'rewards'));
  PERFORM ledger_post('watch_reward', p_member,
    jsonb_build_object('videoId', v_video, 'sessionId', p_session),
    ARRAY[v_rewards_account, v_watcher_account, v_creator_account],
    ARRAY[-(p_watcher_reward + v_creator_reward), p_watcher_reward, v_creator_reward],
    ARRAY[NULL, v_creator, p_member], v_tx);
  -- hold: one hold per member credited (none for a suspended creator's zero credit).
  PERFORM vv_hold_credit(v_tx, p_now, p_hold_hours, 'VIEWS', ARRAY[p_member, v_creator],
    ARRAY[p_watcher_reward, v_creator_reward], ARRAY['watch_reward', 'creator_credit'],
    ARRAY[p_session, p_session]);
  WITH counted AS (UPDATE videos SET watched_count = watched_count + 1 WHERE id = v_video)
  SELECT vv_balances(p_member) INTO v_balances;
  RETURN vv_answer(p_member, NULL, 200, jsonb_build_object(
    'session', v_session, 'rewardViews', p_watcher_reward::text, 'balances', v_balances),
    ARRAY[p_member, v_creator]);
END;
$$;
--> statement-breakpoint
-- vv_view_request: a match's gains go to both members' held accounts, with their holds (ADR 047).
-- Both members' available AND held views accounts are locked first, in ascending id order (the
-- charge then the match post to them), so it takes its locks in one order like every posting.
-- New last parameter p_hold_hours (HOLD.hoursByRisk).
DROP FUNCTION IF EXISTS vv_view_request(uuid, text, text, text, timestamptz, date, int, bigint, bigint);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vv_view_request(
  p_member uuid, p_key text, p_route text, p_hash text,
  p_now timestamptz, p_day date, p_limit int, p_cost bigint, p_reward bigint, p_hold_hours jsonb
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
  WHERE kind IN ('member', 'member_held') AND currency = 'VIEWS'
    AND profile_id IN (p_member, v_partner.requester_id)
  ORDER BY id FOR UPDATE;
  v_charge := ledger_post('view_request', p_member, jsonb_build_object('dailyCount', v_slot),
    vv_member_and_rewards(p_member, 'VIEWS'), ARRAY[-p_cost, p_cost], ARRAY[NULL, NULL]::uuid[]);
  INSERT INTO view_requests (requester_id, daily_count, ledger_transaction_id, created_at)
  VALUES (p_member, v_slot, v_charge, p_now) RETURNING id INTO v_id;
  IF v_partner.id IS NOT NULL THEN
    v_match := ledger_post('view_request_match', p_member,
      jsonb_build_object('requests', jsonb_build_array(v_partner.id, v_id)),
      ARRAY[vv_system_account('rewards', 'VIEWS'), vv_account(p_member, 'VIEWS', 'member_held'),
            vv_account(v_partner.requester_id, 'VIEWS', 'member_held')],
      ARRAY[-2 * p_reward, p_reward, p_reward], ARRAY[NULL, v_partner.requester_id, p_member]);
    PERFORM vv_hold_credit(v_match, p_now, p_hold_hours, 'VIEWS',
      ARRAY[p_member, v_partner.requester_id], ARRAY[p_reward, p_reward],
      ARRAY['view_request_match', 'view_request_match'], ARRAY[v_id, v_partner.id]);
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
-- A hold as the service reads it (amounts as strings, times in UTC ISO form).
CREATE OR REPLACE FUNCTION vv_hold_json(p_hold earning_holds) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN jsonb_build_object('id', p_hold.id, 'memberId', p_hold.member_id,
    'currency', p_hold.currency, 'amount', p_hold.amount::text, 'sourceKind', p_hold.source_kind,
    'sourceId', p_hold.source_id, 'status', p_hold.status,
    'createdAt', to_char(p_hold.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'clearsAt', to_char(p_hold.clears_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'settledAt', to_char(p_hold.settled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'settledBy', p_hold.settled_by, 'reason', p_hold.reason);
END;
$$;
--> statement-breakpoint
-- A hold's outcome, exactly once: the conditional update of its row from HELD decides (a
-- concurrent clearing or claw-back of the same hold waits, then finds it settled), and in the same
-- transaction its amount moves from the member's held account to their available account
-- (CLEARED, 'hold_clear') or to the issuance account (CLAWED_BACK, 'hold_claw_back'). The
-- member's accounts of the hold's currency are locked first (ascending id, like every posting),
-- then the hold's row: every path that settles holds takes accounts before hold rows, so none can
-- deadlock with another. The posting debits the held account by exactly the hold, which never
-- overdraws it (the HELD holds sum to its balance; ledger_post refuses an overdraft anyway).
-- p_due_only: the clearing job's call — only a hold already due, NULL instead of a refusal.
-- Staff (p_staff) get NOT_FOUND/hold or HOLD_SETTLED; their action is audited with its reason.
CREATE OR REPLACE FUNCTION vv_hold_settle(
  p_hold uuid, p_outcome text, p_staff uuid, p_role text, p_reason text, p_ip text,
  p_now timestamptz, p_due_only boolean
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_tx uuid := gen_random_uuid();
  v_member uuid;
  v_currency text;
  v_hold earning_holds%ROWTYPE;
BEGIN
  IF p_outcome NOT IN ('CLEARED', 'CLAWED_BACK') THEN
    RAISE EXCEPTION 'unknown hold outcome %', p_outcome;
  END IF;
  SELECT member_id, currency INTO v_member, v_currency FROM earning_holds WHERE id = p_hold;
  IF v_member IS NULL THEN
    IF p_due_only THEN RETURN NULL; END IF;
    PERFORM vv_refuse('NOT_FOUND', '{"context": "hold"}');
  END IF;
  PERFORM 1 FROM ledger_accounts
  WHERE profile_id = v_member AND currency = v_currency AND kind IN ('member', 'member_held')
  ORDER BY id FOR UPDATE;
  UPDATE earning_holds SET status = p_outcome, settled_at = p_now, settled_by = p_staff,
    reason = p_reason, settle_transaction_id = v_tx
  WHERE id = p_hold AND status = 'HELD' AND (NOT p_due_only OR clears_at <= p_now)
  RETURNING * INTO v_hold;
  IF v_hold.id IS NULL THEN
    IF p_due_only THEN RETURN NULL; END IF;
    PERFORM vv_refuse('HOLD_SETTLED');
  END IF;
  PERFORM ledger_post(CASE p_outcome WHEN 'CLEARED' THEN 'hold_clear' ELSE 'hold_claw_back' END,
    p_staff, jsonb_build_object('holdId', v_hold.id, 'source', v_hold.source_kind),
    ARRAY[vv_account(v_member, v_currency, 'member_held'),
          CASE p_outcome WHEN 'CLEARED' THEN vv_account(v_member, v_currency)
               ELSE vv_system_account('rewards', v_currency) END],
    ARRAY[-v_hold.amount, v_hold.amount], ARRAY[NULL, NULL]::uuid[], v_tx);
  IF p_staff IS NOT NULL THEN
    INSERT INTO audit_events (actor_profile_id, actor_role, action, target_profile_id, target_type,
                              target_id, before, after, reason, address, created_at)
    VALUES (p_staff, p_role, CASE p_outcome WHEN 'CLEARED' THEN 'hold.clear' ELSE 'hold.claw_back' END,
            v_member, 'earning_hold', v_hold.id::text, '{"status": "HELD"}',
            jsonb_build_object('status', p_outcome, 'amount', v_hold.amount::text, 'currency', v_currency),
            p_reason, p_ip, p_now);
  END IF;
  RETURN vv_hold_json(v_hold);
END;
$$;
--> statement-breakpoint
-- The clearing job's step: clears the earliest due hold, one hold (one member's accounts, one
-- posting) per call and transaction — a transaction clearing many members' holds would lock their
-- accounts in hold order, not account order, and could deadlock with a view request or a transfer.
-- NULL when no hold is due; {"hold": null} when another clearer or staff settled the candidate
-- first (the job goes on with the next call).
CREATE OR REPLACE FUNCTION vv_hold_clear_next(p_now timestamptz) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid;
BEGIN
  SELECT id INTO v_id FROM earning_holds WHERE status = 'HELD' AND clears_at <= p_now
  ORDER BY clears_at LIMIT 1;
  IF v_id IS NULL THEN RETURN NULL; END IF;
  RETURN jsonb_build_object('hold', vv_hold_settle(v_id, 'CLEARED', NULL, NULL, NULL, NULL, p_now, true));
END;
$$;
--> statement-breakpoint
-- Claws back every HELD hold of a member (staff), each as vv_hold_settle does, in one transaction:
-- the member's accounts first (so a clearing of one of these holds either finished before — the
-- hold is skipped — or waits and then finds it settled), then their HELD holds. Only one member's
-- accounts are locked. Returns the holds clawed back (an empty list when none was held).
CREATE OR REPLACE FUNCTION vv_holds_claw_back_member(
  p_member uuid, p_staff uuid, p_role text, p_reason text, p_ip text, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid;
  v_done jsonb := '[]'::jsonb;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM profiles WHERE id = p_member) THEN
    PERFORM vv_refuse('NOT_FOUND', '{"context": "member"}');
  END IF;
  PERFORM 1 FROM ledger_accounts WHERE profile_id = p_member AND kind IN ('member', 'member_held')
  ORDER BY id FOR UPDATE;
  FOR v_id IN
    SELECT id FROM earning_holds WHERE member_id = p_member AND status = 'HELD' ORDER BY clears_at, id
  LOOP
    v_done := v_done || jsonb_build_array(
      vv_hold_settle(v_id, 'CLAWED_BACK', p_staff, p_role, p_reason, p_ip, p_now, false));
  END LOOP;
  RETURN v_done;
END;
$$;
--> statement-breakpoint
-- The ranking counts earnings credited to the held account too (earned when credited, ADR 047),
-- and views on hold are in circulation.
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
--> statement-breakpoint
-- Account deletion (ADR 036) and earnings on hold (ADR 047): the checks count views and USDT on
-- hold as part of the balance the member must choose to give up (forfeited_* record both).
CREATE OR REPLACE FUNCTION vv_deletion_checks(p_member uuid, OUT o_views bigint, OUT o_usdt bigint, OUT o_blocked text)
LANGUAGE plpgsql AS $$
DECLARE
  v_pending bigint;
BEGIN
  PERFORM 1 FROM ledger_accounts WHERE profile_id = p_member ORDER BY id FOR UPDATE;
  SELECT coalesce(sum(balance) FILTER (WHERE kind IN ('member', 'member_held') AND currency = 'VIEWS'), 0),
         coalesce(sum(balance) FILTER (WHERE kind IN ('member', 'member_held') AND currency = 'USDT'), 0),
         coalesce(sum(balance) FILTER (WHERE kind = 'member_pending'), 0)
    INTO o_views, o_usdt, v_pending
  FROM ledger_accounts WHERE profile_id = p_member;
  IF EXISTS (SELECT 1 FROM market_offers WHERE seller_id = p_member AND status = 'OPEN') THEN
    o_blocked := 'openOffers';
  ELSIF v_pending > 0 THEN
    o_blocked := 'pendingWithdrawal';
  END IF;
END;
$$;
--> statement-breakpoint
-- The deletion job forfeits earnings on hold too: they are clawed back before the available
-- balance is posted back to the issuance account, so nothing clears later into a deleted account.
CREATE OR REPLACE FUNCTION vv_run_account_deletions(p_now timestamptz, p_limit int)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_row account_deletions;
  v_auth text;
  v_email text;
  v_name text;
  v_check record;
  v_tx uuid;
  v_hold uuid;
  v_views bigint;
  v_usdt bigint;
  v_done uuid[] := ARRAY[]::uuid[];
  v_blocked uuid[] := ARRAY[]::uuid[];
BEGIN
  UPDATE mail_outbox SET "to" = 'redacted@deleted.invalid', subject = NULL, text = NULL, html = NULL
  WHERE kind = 'account-deletion-done' AND status = 'sent' AND sent_at < p_now - interval '1 day'
    AND "to" <> 'redacted@deleted.invalid';
  FOR v_row IN
    SELECT * FROM account_deletions WHERE status = 'SCHEDULED' AND due_at <= p_now
    ORDER BY due_at LIMIT p_limit FOR UPDATE SKIP LOCKED
  LOOP
    SELECT p.auth_uid, u.email INTO v_auth, v_email
    FROM profiles p JOIN users u ON u.id = p.auth_uid WHERE p.id = v_row.profile_id FOR UPDATE OF p;
    SELECT * INTO v_check FROM vv_deletion_checks(v_row.profile_id);
    IF v_check.o_blocked IS NOT NULL THEN
      v_blocked := v_blocked || v_row.profile_id;
      CONTINUE;
    END IF;
    -- Earnings still on hold are forfeited too (ADR 047): each HELD hold is clawed back to the
    -- issuance account (reason 'accountDeleted'); then the available balance is forfeited.
    FOR v_hold IN
      SELECT id FROM earning_holds WHERE member_id = v_row.profile_id AND status = 'HELD'
      ORDER BY clears_at, id
    LOOP
      PERFORM vv_hold_settle(v_hold, 'CLAWED_BACK', NULL, NULL, 'accountDeleted', NULL, p_now, false);
    END LOOP;
    SELECT coalesce(max(balance) FILTER (WHERE currency = 'VIEWS'), 0),
           coalesce(max(balance) FILTER (WHERE currency = 'USDT'), 0)
      INTO v_views, v_usdt
    FROM ledger_accounts WHERE profile_id = v_row.profile_id AND kind = 'member';
    v_tx := NULL;
    IF v_views > 0 OR v_usdt > 0 THEN
      v_tx := ledger_post('account_deletion_forfeit', v_row.profile_id,
        jsonb_build_object('deletionId', v_row.id),
        ARRAY[vv_account(v_row.profile_id, 'VIEWS'), vv_system_account('rewards', 'VIEWS'),
              vv_account(v_row.profile_id, 'USDT'), vv_system_account('rewards', 'USDT')],
        ARRAY[-v_views, v_views, -v_usdt, v_usdt],
        ARRAY[NULL, NULL, NULL, NULL]::uuid[]);
    END IF;
    v_name := 'deleted_' || substr(replace(v_row.profile_id::text, '-', ''), 1, 12);
    UPDATE profiles SET username = v_name, wallet_address = NULL, wallet_network = NULL,
      signup_ip = NULL, signup_user_agent = NULL, hidden_from_ranking = true, deleted_at = p_now,
      suspended = true,
      email_prefs = '{"newSignIn": false, "transactions": false, "product": false}'
    WHERE id = v_row.profile_id;
    UPDATE users SET name = v_name, email = v_name || '@deleted.invalid', image = NULL,
      display_username = v_name, username = v_name, two_factor_enabled = false, signup_ip = NULL,
      signup_user_agent = NULL, updated_at = p_now
    WHERE id = v_auth;
    DELETE FROM sessions WHERE user_id = v_auth;
    DELETE FROM accounts WHERE user_id = v_auth;
    DELETE FROM two_factors WHERE user_id = v_auth;
    DELETE FROM verifications WHERE identifier = v_email OR value = v_auth;
    DELETE FROM ranking_entries WHERE profile_id = v_row.profile_id;
    DELETE FROM mail_outbox WHERE profile_id = v_row.profile_id OR "to" = v_email;
    INSERT INTO mail_outbox ("to", kind, template, params, profile_id)
    VALUES (v_email, 'account-deletion-done', 'accountDeletionDone', '{}', v_row.profile_id);
    UPDATE account_deletions SET status = 'DONE', executed_at = p_now,
      forfeited_views = v_check.o_views, forfeited_usdt = v_check.o_usdt,
      forfeit_ledger_transaction_id = v_tx
    WHERE id = v_row.id;
    v_done := v_done || v_row.profile_id;
  END LOOP;
  RETURN jsonb_build_object('done', to_jsonb(v_done), 'blocked', to_jsonb(v_blocked));
END;
$$;

-- Videos, boosts, view requests and watch rewards (ADR 013).
--
-- The ONE current definition of each function below (ADR 042): edit it here, never in a
-- migration. Applied after the migrations when this file's sha256 changes (src/db/migrate.ts).

-- Lists a video (the seeds' checks 1–5 ran in the service, with the oEmbed title): refuses a
-- YouTube video the member already listed, charges the posting cost, inserts the video.
CREATE OR REPLACE FUNCTION vv_post_video(
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

-- Boosts the owner's video for p_hours (ADR 006): a boost of a running boost extends it from its
-- end. The video row is locked, so concurrent boosts chain instead of overlapping.
CREATE OR REPLACE FUNCTION vv_boost(
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

-- A view request: one of the member's daily slots (a counter updated conditionally), 1 view, and
-- the pool; when another member's request waits, the oldest is matched with it and both gain the
-- reward. Under the pool lock, so two requests arriving together always meet and a waiting request
-- is matched once; both members' views accounts are locked in ascending id order first.
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

-- Completes a watch session once p_content_seconds of content passed by the server's clock, and
-- credits the watcher and the creator (nothing to a suspended creator) once: one of many
-- concurrent completions finds the session in CONTENT. One open session per member serialises
-- a member's completions, so the rewatch window is exact; the daily cap is a counter row.
CREATE OR REPLACE FUNCTION vv_watch_complete(
  p_member uuid, p_session uuid, p_now timestamptz, p_content_seconds int, p_rewatch_hours int,
  p_day date, p_cap int, p_watcher_reward bigint, p_creator_reward bigint, p_hold_hours jsonb,
  -- ATTENTION (ADR 046): the verified proof-of-work challenge's key, recorded once, ever.
  p_challenge_key text
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
    ledger_transaction_id = v_tx,
    challenge_key = p_challenge_key -- ATTENTION (ADR 046): the challenge is spent with the credit
  FROM videos v JOIN profiles cp ON cp.id = v.user_id
  WHERE s.id = p_session AND s.user_id = p_member AND s.status = 'CONTENT'
    AND s.content_started_at <= p_now - p_content_seconds * interval '1 second' AND v.id = s.video_id
    -- ATTENTION (ADR 046): completes only on the heartbeats' attested content seconds, checked
    -- on the row in this statement so no race can complete on elapsed time alone.
    AND s.content_attested_ms >= p_content_seconds * 1000
  -- The ledger accounts the credit posts to, read in this statement (ADR 079): the issuance
  -- account, the watcher's and the creator's HELD accounts (hold: was kind = 'member').
  RETURNING s.video_id, to_jsonb(s.*), v.user_id, cp.suspended,
    (SELECT a.id FROM ledger_accounts a
     WHERE a.profile_id IS NULL AND a.kind = 'rewards' AND a.currency = 'VIEWS'),
    (SELECT a.id FROM ledger_accounts a
     WHERE a.profile_id = p_member AND a.kind = 'member_held' AND a.currency = 'VIEWS'),
    (SELECT a.id FROM ledger_accounts a
     WHERE a.profile_id = v.user_id AND a.kind = 'member_held' AND a.currency = 'VIEWS')
    INTO v_video, v_session, v_creator, v_creator_suspended,
      v_rewards_account, v_watcher_account, v_creator_account;
  IF v_video IS NULL THEN
    SELECT status INTO v_status FROM ads_sessions WHERE id = p_session AND user_id = p_member;
    IF v_status IS NULL THEN PERFORM vv_refuse('NOT_FOUND', '{"context": "watchSession"}'); END IF;
    -- ATTENTION (ADR 046): a spent challenge says so; attested content short of the need says so.
    IF EXISTS (SELECT 1 FROM ads_sessions WHERE challenge_key = p_challenge_key) THEN
      PERFORM vv_refuse('CHALLENGE_FAILED', '{"context": "used"}');
    END IF;
    IF v_status = 'CONTENT' AND EXISTS (SELECT 1 FROM ads_sessions WHERE id = p_session
        AND content_started_at <= p_now - p_content_seconds * interval '1 second') THEN
      PERFORM vv_refuse('ATTENTION_NOT_PROVEN', jsonb_build_object('seconds', p_content_seconds));
    END IF;
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
  -- Assigned, not PERFORMed: evaluated without a statement of its own.
  v_tx := ledger_post('watch_reward', p_member,
    jsonb_build_object('videoId', v_video, 'sessionId', p_session),
    ARRAY[v_rewards_account, v_watcher_account, v_creator_account],
    ARRAY[-(p_watcher_reward + v_creator_reward), p_watcher_reward, v_creator_reward],
    ARRAY[NULL, v_creator, p_member], v_tx);
  -- hold: one hold per member credited (none for a suspended creator's zero credit), clearing
  -- after the hours of the member's risk level (as vv_hold_credit writes them, in the statement
  -- that counts the watch: ADR 079).
  WITH counted AS (UPDATE videos SET watched_count = watched_count + 1 WHERE id = v_video)
  INSERT INTO earning_holds (member_id, currency, amount, source_kind, source_id,
                             ledger_transaction_id, created_at, clears_at)
  SELECT h.member, 'VIEWS', h.amount, h.source, p_session, v_tx, p_now,
         p_now + make_interval(hours => coalesce((p_hold_hours ->> coalesce(r.level, 'normal'))::int,
                                                 (p_hold_hours ->> 'normal')::int))
  FROM unnest(ARRAY[p_member, v_creator], ARRAY[p_watcher_reward, v_creator_reward],
              ARRAY['watch_reward', 'creator_credit']) AS h(member, amount, source)
  LEFT JOIN member_risk r ON r.member_id = h.member
  WHERE h.amount > 0;
  v_balances := vv_balances(p_member);
  RETURN vv_answer(p_member, NULL, 200, jsonb_build_object(
    'session', v_session, 'rewardViews', p_watcher_reward::text, 'balances', v_balances),
    ARRAY[p_member, v_creator]);
END;
$$;

-- Proof of attention (ADR 046): vv_watch_complete completes a session only on the heartbeats'
-- attested content seconds (ads_sessions.content_attested_ms) and spends the session's verified
-- proof-of-work challenge (ads_sessions.challenge_key, unique) in the same statement. Every change
-- from migration 0010's definition is marked "ATTENTION (ADR 046)"; the rest is unchanged. The
-- signature gains p_challenge_key, so the old one is dropped first.
DROP FUNCTION IF EXISTS vv_watch_complete(uuid, uuid, timestamptz, int, int, date, int, bigint, bigint);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vv_watch_complete(
  p_member uuid, p_session uuid, p_now timestamptz, p_content_seconds int, p_rewatch_hours int,
  p_day date, p_cap int, p_watcher_reward bigint, p_creator_reward bigint,
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
  RETURNING s.video_id, to_jsonb(s.*), v.user_id, cp.suspended
    INTO v_video, v_session, v_creator, v_creator_suspended;
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

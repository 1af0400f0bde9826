-- Events and rewards (ADRs 018, 019 and 038): the Daily First Claim, the annual
-- "1 Million Views" event, event bonuses and milestone rewards are money commands (ADR 013): one
-- statement each, claiming the Idempotency-Key, checking, posting through ledger_post, writing
-- the domain row and storing the answer. One winner per date / year is the unique key of its
-- table; one claim per bonus / milestone is a conditional UPDATE. Every figure is a parameter
-- from packages/shared (constants.ts). Lifetime earned views are counted by ledger_post
-- (01-ledger.sql, ADR 037).
--
-- The ONE current definition of each function below (ADR 042): edit it here, never in a
-- migration. Applied after the migrations when this file's sha256 changes (src/db/migrate.ts).

-- Whether a member may take part in the events (ADR 018): a confirmed e-mail, and for the
-- annual prize a verified account. Refuses with the catalogue's code otherwise.
CREATE OR REPLACE FUNCTION vv_event_eligibility(p_member uuid, p_need_verified boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_confirmed boolean;
  v_verified boolean;
BEGIN
  SELECT u.email_verified, p.is_verified INTO v_confirmed, v_verified
  FROM profiles p JOIN users u ON u.id = p.auth_uid WHERE p.id = p_member AND NOT p.suspended;
  IF NOT coalesce(v_confirmed, false) THEN
    PERFORM vv_refuse('EVENT_NOT_ELIGIBLE', '{"context": "emailUnconfirmed"}');
  END IF;
  IF p_need_verified AND NOT v_verified THEN
    PERFORM vv_refuse('EVENT_NOT_ELIGIBLE', '{"context": "annualUnverified"}');
  END IF;
END;
$$;

-- The Daily First Claim of Los Angeles date p_day (the service checked that it is open by the
-- injectable clock): refused once anyone won that date, to members without a confirmed e-mail
-- and to a member who won within p_cooldown dates; the unique date settles the race — a
-- concurrent claim waits on the winner's row and then refuses.
CREATE OR REPLACE FUNCTION vv_claim_daily(
  p_member uuid, p_key text, p_route text, p_hash text,
  p_day date, p_now timestamptz, p_reward bigint, p_cooldown int
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_member, p_key, p_route, p_hash);
  v_tx uuid := gen_random_uuid();
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  IF EXISTS (SELECT 1 FROM daily_event_claims WHERE claim_date = p_day) THEN
    PERFORM vv_refuse('EVENT_ALREADY_CLAIMED', '{"context": "daily"}');
  END IF;
  PERFORM vv_event_eligibility(p_member, false);
  IF EXISTS (SELECT 1 FROM daily_event_claims
             WHERE user_id = p_member AND claim_date > p_day - p_cooldown AND claim_date <= p_day) THEN
    PERFORM vv_refuse('EVENT_NOT_ELIGIBLE', jsonb_build_object('context', 'recentWin', 'days', p_cooldown));
  END IF;
  INSERT INTO daily_event_claims (user_id, claim_date, reward_views, ledger_transaction_id, claimed_at)
  VALUES (p_member, p_day, p_reward, v_tx, p_now) ON CONFLICT (claim_date) DO NOTHING;
  IF NOT FOUND THEN PERFORM vv_refuse('EVENT_ALREADY_CLAIMED', '{"context": "daily"}'); END IF;
  PERFORM ledger_post('daily_claim', p_member, jsonb_build_object('date', p_day),
    vv_member_and_rewards(p_member, 'VIEWS'), ARRAY[p_reward, -p_reward], ARRAY[NULL, NULL]::uuid[], v_tx);
  RETURN vv_answer(p_member, p_key, 201, jsonb_build_object(
    'date', p_day, 'rewardViews', p_reward::text, 'balances', vv_balances(p_member)), ARRAY[p_member]);
END;
$$;

-- The annual prize of UTC year p_year: refused once anyone won that year, and to members
-- without a confirmed e-mail or a verified account; the unique year settles the race.
CREATE OR REPLACE FUNCTION vv_claim_annual(
  p_member uuid, p_key text, p_route text, p_hash text,
  p_year int, p_now timestamptz, p_reward bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_member, p_key, p_route, p_hash);
  v_tx uuid := gen_random_uuid();
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  IF EXISTS (SELECT 1 FROM annual_event_claims WHERE year = p_year) THEN
    PERFORM vv_refuse('EVENT_ALREADY_CLAIMED', '{"context": "annual"}');
  END IF;
  PERFORM vv_event_eligibility(p_member, true);
  INSERT INTO annual_event_claims (user_id, year, views_claimed, ledger_transaction_id, claimed_at)
  VALUES (p_member, p_year, p_reward, v_tx, p_now) ON CONFLICT (year) DO NOTHING;
  IF NOT FOUND THEN PERFORM vv_refuse('EVENT_ALREADY_CLAIMED', '{"context": "annual"}'); END IF;
  PERFORM ledger_post('annual_claim', p_member, jsonb_build_object('year', p_year),
    vv_member_and_rewards(p_member, 'VIEWS'), ARRAY[p_reward, -p_reward], ARRAY[NULL, NULL]::uuid[], v_tx);
  RETURN vv_answer(p_member, p_key, 201, jsonb_build_object(
    'year', p_year, 'rewardViews', p_reward::text, 'balances', vv_balances(p_member)), ARRAY[p_member]);
END;
$$;

-- Claims an AVAILABLE event bonus once (a conditional UPDATE: a concurrent claim waits on the
-- row and finds it CLAIMED), credits its USDT from the issuance account and pays the referrer's
-- commission on it.
CREATE OR REPLACE FUNCTION vv_claim_bonus(
  p_member uuid, p_key text, p_route text, p_hash text,
  p_bonus uuid, p_now timestamptz, p_commission_bps bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_member, p_key, p_route, p_hash);
  v_tx uuid := gen_random_uuid();
  v_amount bigint;
  v_referrer uuid;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  UPDATE event_claims SET status = 'CLAIMED', claimed_at = p_now, ledger_transaction_id = v_tx
  WHERE id = p_bonus AND user_id = p_member AND status = 'AVAILABLE'
  RETURNING claim_amount INTO v_amount;
  IF v_amount IS NULL THEN
    IF EXISTS (SELECT 1 FROM event_claims WHERE id = p_bonus AND user_id = p_member) THEN
      PERFORM vv_refuse('EVENT_ALREADY_CLAIMED', '{"context": "bonus"}');
    END IF;
    PERFORM vv_refuse('NOT_FOUND', '{"context": "bonus"}');
  END IF;
  PERFORM ledger_post('event_bonus', p_member, jsonb_build_object('bonusId', p_bonus),
    vv_member_and_rewards(p_member, 'USDT'), ARRAY[v_amount, -v_amount], ARRAY[NULL, NULL]::uuid[], v_tx);
  v_referrer := vv_pay_commission(p_member, v_amount, false, p_commission_bps);
  RETURN vv_answer(p_member, p_key, 200, jsonb_build_object(
    'rewardUsdt', v_amount::text, 'balances', vv_balances(p_member)),
    array_remove(ARRAY[p_member, v_referrer], NULL));
END;
$$;

-- Claims an AVAILABLE milestone reward once, like a bonus.
CREATE OR REPLACE FUNCTION vv_claim_milestone(
  p_member uuid, p_key text, p_route text, p_hash text,
  p_reward uuid, p_now timestamptz, p_commission_bps bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_member, p_key, p_route, p_hash);
  v_tx uuid := gen_random_uuid();
  v_amount bigint;
  v_level bigint;
  v_referrer uuid;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  UPDATE milestone_rewards SET status = 'CLAIMED', claimed_at = p_now, ledger_transaction_id = v_tx
  WHERE id = p_reward AND user_id = p_member AND status = 'AVAILABLE'
  RETURNING reward_usdt, milestone_views INTO v_amount, v_level;
  IF v_amount IS NULL THEN
    IF EXISTS (SELECT 1 FROM milestone_rewards WHERE id = p_reward AND user_id = p_member) THEN
      PERFORM vv_refuse('EVENT_ALREADY_CLAIMED', '{"context": "milestone"}');
    END IF;
    PERFORM vv_refuse('NOT_FOUND', '{"context": "milestone"}');
  END IF;
  PERFORM ledger_post('milestone_reward', p_member,
    jsonb_build_object('milestoneId', p_reward, 'milestoneViews', v_level::text),
    vv_member_and_rewards(p_member, 'USDT'), ARRAY[v_amount, -v_amount], ARRAY[NULL, NULL]::uuid[], v_tx);
  v_referrer := vv_pay_commission(p_member, v_amount, false, p_commission_bps);
  RETURN vv_answer(p_member, p_key, 200, jsonb_build_object(
    'rewardUsdt', v_amount::text, 'balances', vv_balances(p_member)),
    array_remove(ARRAY[p_member, v_referrer], NULL));
END;
$$;

-- Granting an event bonus is a money command (ADR 013, ADR 038): one statement claims the
-- admin's Idempotency-Key, checks the member, writes the AVAILABLE bonus and its audit row and
-- stores the answer, so a retried or doubled grant with the same key creates one bonus and
-- answers the first grant again; the same key with another member or body is refused
-- (IDEMPOTENCY_KEY_REUSED). The amount was checked by the service (parseUsdt, EVENT_BONUS).
-- p_actor and p_key are NULL for `npm run bonus:grant` (no staff actor, no key). The audit row is
-- complete like every staff money action's (ADR 050): role, reason, address, the bonus as target,
-- before (no bonus) and after (AVAILABLE, amount and currency).
CREATE OR REPLACE FUNCTION vv_grant_bonus(
  p_actor uuid, p_role text, p_ip text, p_key text, p_route text, p_hash text,
  p_target uuid, p_amount bigint, p_reason text, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_actor, p_key, p_route, p_hash);
  v_bonus event_claims;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  IF NOT EXISTS (SELECT 1 FROM profiles WHERE id = p_target AND NOT suspended) THEN
    PERFORM vv_refuse('NOT_FOUND', '{"context": "member"}');
  END IF;
  INSERT INTO event_claims (user_id, claim_amount, reason, granted_by)
  VALUES (p_target, p_amount, p_reason, p_actor) RETURNING * INTO v_bonus;
  INSERT INTO audit_events (actor_profile_id, actor_role, action, target_profile_id, target_type,
                            target_id, before, after, reason, address, details, created_at)
  VALUES (p_actor, p_role, 'bonus.grant', p_target, 'event_bonus', v_bonus.id::text,
    jsonb_build_object('status', NULL),
    jsonb_build_object('status', v_bonus.status, 'amount', p_amount::text, 'currency', 'USDT'),
    p_reason, p_ip, jsonb_build_object('bonusId', v_bonus.id), p_now);
  PERFORM vv_notify(p_target, 'bonusGranted',
    jsonb_build_object('amount', vv_usdt_text(p_amount), 'bonusId', v_bonus.id::text), p_now);
  RETURN vv_answer(p_actor, p_key, 201, jsonb_build_object(
    'id', v_bonus.id, 'status', v_bonus.status, 'claimAmount', v_bonus.claim_amount::text,
    'reason', v_bonus.reason,
    'createdAt', to_char(v_bonus.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'claimedAt', NULL), ARRAY[]::uuid[]);
END;
$$;

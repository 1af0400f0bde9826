-- Notifications (ADR 059).
--
-- The ONE current definition of each function below (ADR 042): edit it here, never in a
-- migration. Applied after the migrations when this file's sha256 changes (src/db/migrate.ts).

-- Each kind's channels until the member chooses (NOTIFICATION_KINDS in packages/shared; a test
-- compares the two).
CREATE OR REPLACE FUNCTION vv_notification_defaults() RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN '{
    "bonusGranted":      {"email": false, "push": true},
    "milestoneReached":  {"email": false, "push": true},
    "referralConfirmed": {"email": false, "push": true},
    "referralHeld":      {"email": false, "push": false},
    "offerSold":         {"email": true,  "push": true},
    "transferReceived":  {"email": true,  "push": true},
    "holdCleared":       {"email": false, "push": false},
    "cashoutPaused":     {"email": true,  "push": true},
    "supportAnswered":   {"email": true,  "push": true},
    "dailyPrizeOpening": {"email": false, "push": false},
    "payoutSent":        {"email": false, "push": true},
    "payoutConfirmed":   {"email": true,  "push": true},
    "payoutRecorded":    {"email": true,  "push": true},
    "payoutFailed":      {"email": true,  "push": true}
  }'::jsonb;
END;
$$;

-- Tells a member about something that just happened, in the caller's transaction: the
-- notification exists exactly when its cause commits (a rollback takes it away too). Besides the
-- inbox row: an e-mail through the mail outbox when the member keeps e-mail on for the kind (the
-- kinds that had an e-mail before keep its kind and template: transfer-received, offer-sold,
-- support-reply), one push delivery per subscribed device
-- when they keep push on (sent by the push job, never here), and a NOTIFY on vv_notifications
-- (delivered at commit, so the bell of an open tab counts it at once; see below for the kinds
-- whose balance change carries that signal instead). p_now: the cause's
-- clock, NULL for the database's. p_params: strings only
-- (amounts as plain figures, see packages/shared/src/notifications.ts). Returns the id.
CREATE OR REPLACE FUNCTION vv_notify(p_member uuid, p_kind text, p_params jsonb, p_now timestamptz)
RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_default jsonb := vv_notification_defaults() -> p_kind;
  v_id uuid;
BEGIN
  IF v_default IS NULL THEN RAISE EXCEPTION 'unknown notification kind %', p_kind; END IF;
  -- One statement (ADR 079): the inbox row, the member's choice for the kind (else its default),
  -- then the e-mail and the push deliveries the choice asks for.
  WITH n AS (
    INSERT INTO notifications (member_id, kind, params, created_at)
    VALUES (p_member, p_kind, coalesce(p_params, '{}'::jsonb), coalesce(p_now, now()))
    RETURNING id),
  wants AS (
    SELECT coalesce(np.email, (v_default ->> 'email')::boolean) AS email,
           coalesce(np.push, (v_default ->> 'push')::boolean) AS push
    FROM (SELECT 1) one
    LEFT JOIN notification_preferences np ON np.member_id = p_member AND np.kind = p_kind),
  -- A payout confirmed, recorded or failed has its own e-mail (the withdrawal's, with its
  -- timeline and explorer link), queued by vv_withdraw_tell when the member keeps e-mail on for
  -- the kind.
  mail AS (
    INSERT INTO mail_outbox ("to", kind, template, params, profile_id, next_attempt_at)
    SELECT u.email,
           CASE p_kind WHEN 'transferReceived' THEN 'transfer-received'
                       WHEN 'offerSold' THEN 'offer-sold'
                       WHEN 'supportAnswered' THEN 'support-reply'
                       ELSE 'notification' END,
           CASE p_kind WHEN 'supportAnswered' THEN 'supportReply' ELSE p_kind END,
           coalesce(p_params, '{}'::jsonb) || jsonb_build_object('notificationId', n.id),
           p.id, coalesce(p_now, now())
    FROM n, wants w, profiles p JOIN users u ON u.id = p.auth_uid
    WHERE w.email AND p_kind NOT IN ('payoutConfirmed', 'payoutRecorded', 'payoutFailed')
      AND p.id = p_member AND p.deleted_at IS NULL),
  push AS (
    INSERT INTO push_outbox (notification_id, subscription_id, next_attempt_at, created_at)
    SELECT n.id, s.id, coalesce(p_now, now()), coalesce(p_now, now())
    FROM n, wants w, push_subscriptions s WHERE w.push AND s.member_id = p_member)
  SELECT id INTO v_id FROM n;
  -- The bell of an open tab: a NOTIFY, delivered at commit. Not for the kinds caused by hot money
  -- commands (a transfer, a market sale, a milestone inside ledger_post): a NOTIFY serialises the
  -- commits that take one (ADR 013), and those causes already change the member's balances, whose
  -- event (published after the commit) makes the web read the bell again.
  IF p_kind NOT IN ('transferReceived', 'offerSold', 'milestoneReached') THEN
    PERFORM pg_notify('vv_notifications', p_member::text);
  END IF;
  RETURN v_id;
END;
$$;

-- The daily prize opens soon (the reminder job, src/jobs.ts): tells each member who chose e-mail
-- or push for dailyPrizeOpening (the kind's defaults are off: nobody else gets a daily row), once
-- per Los Angeles date (p_date) — a second run, on this or another instance, finds them told.
-- Returns how many were told.
CREATE OR REPLACE FUNCTION vv_notify_daily_prize(p_date text, p_minutes int, p_now timestamptz)
RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  v_told int;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('vv_notify_daily_prize'));
  SELECT count(vv_notify(p.id, 'dailyPrizeOpening',
           jsonb_build_object('minutes', p_minutes::text, 'date', p_date), p_now))::int
    INTO v_told
  FROM notification_preferences np
  JOIN profiles p ON p.id = np.member_id
  WHERE np.kind = 'dailyPrizeOpening' AND (np.email OR np.push)
    AND NOT p.suspended AND p.deleted_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM notifications n
                    WHERE n.member_id = p.id AND n.kind = 'dailyPrizeOpening'
                      AND n.params ->> 'date' = p_date);
  RETURN v_told;
END;
$$;

-- Whether the member keeps a channel ('email' or 'push') on for a kind: their choice, else the
-- kind's default.
CREATE OR REPLACE FUNCTION vv_notify_wants(p_member uuid, p_kind text, p_channel text)
RETURNS boolean LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_default jsonb := vv_notification_defaults() -> p_kind;
  v_choice boolean;
BEGIN
  IF v_default IS NULL THEN RAISE EXCEPTION 'unknown notification kind %', p_kind; END IF;
  SELECT CASE p_channel WHEN 'email' THEN np.email WHEN 'push' THEN np.push END INTO v_choice
  FROM notification_preferences np WHERE np.member_id = p_member AND np.kind = p_kind;
  RETURN coalesce(v_choice, (v_default ->> p_channel)::boolean);
END;
$$;

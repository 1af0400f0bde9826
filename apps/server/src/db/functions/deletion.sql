-- Account deletion with a grace period (ADR 036, replacing ADR 026's immediate deletion).
-- Three statements, each one call: the member's request schedules it, signing in cancels it,
-- the deletion job performs the due ones. The balance is forfeited when the deletion is
-- performed, not when it is asked for, so a cancellation has nothing to give back.
--
-- The ONE current definition of each function below (ADR 042): edit it here, never in a
-- migration. Applied after the migrations when this file's sha256 changes (src/db/migrate.ts).

-- The checks a deletion needs, on the member's locked accounts: refused while an offer is open or
-- USDT is held for a withdrawal. Returns the member's views and USDT.
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

-- The member asks (after re-authentication, checked by the service): refused while an offer is
-- open or a withdrawal pending; a remaining balance needs the explicit choice to give it up.
-- Schedules the deletion at p_due, revokes every session (the trigger on sessions tells every
-- instance to forget them) and queues the "deletion scheduled" e-mail. A second request while
-- one is scheduled answers the first schedule (the profile row lock orders the two; the unique
-- index would refuse a second row anyway).
CREATE OR REPLACE FUNCTION vv_request_account_deletion(p_member uuid, p_forfeit boolean, p_now timestamptz, p_due timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_auth text;
  v_row account_deletions;
  v_check record;
BEGIN
  SELECT auth_uid INTO v_auth FROM profiles WHERE id = p_member AND deleted_at IS NULL FOR UPDATE;
  IF v_auth IS NULL THEN PERFORM vv_refuse('NOT_FOUND', '{"context": "member"}'); END IF;
  SELECT * INTO v_row FROM account_deletions WHERE profile_id = p_member AND status = 'SCHEDULED';
  IF v_row.id IS NULL THEN
    SELECT * INTO v_check FROM vv_deletion_checks(p_member);
    IF v_check.o_blocked IS NOT NULL THEN
      PERFORM vv_refuse('ACCOUNT_DELETION_BLOCKED', jsonb_build_object('context', v_check.o_blocked));
    END IF;
    IF (v_check.o_views > 0 OR v_check.o_usdt > 0) AND NOT p_forfeit THEN
      PERFORM vv_refuse('ACCOUNT_DELETION_BLOCKED', '{"context": "balance"}', 'forfeitBalance');
    END IF;
    INSERT INTO account_deletions (profile_id, forfeit_balance, requested_at, due_at)
    VALUES (p_member, p_forfeit, p_now, p_due) RETURNING * INTO v_row;
    PERFORM vv_notice(p_member, 'account-deletion-scheduled', 'accountDeletionScheduled',
      jsonb_build_object('dueAt', to_char(p_due AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')));
  END IF;
  DELETE FROM sessions WHERE user_id = v_auth;
  RETURN vv_answer(p_member, NULL, 200, jsonb_build_object('scheduled', true,
    'deleteAt', to_char(v_row.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')), ARRAY[p_member]);
END;
$$;

-- Signing in (a session about to be created for this sign-in identity) cancels a scheduled
-- deletion. If the deletion job holds the row, this waits for it: then the deletion is DONE and
-- the profile deleted, and the sign-in is refused — either cancelled or deleted, never half.
-- Answers whether it cancelled one and whether the member is (now) deleted.
CREATE OR REPLACE FUNCTION vv_cancel_account_deletion(p_auth text, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_member uuid;
  v_cancelled uuid;
  v_deleted boolean;
BEGIN
  SELECT id INTO v_member FROM profiles WHERE auth_uid = p_auth;
  IF v_member IS NULL THEN RETURN '{"cancelled": false, "deleted": false}'; END IF;
  UPDATE account_deletions SET status = 'CANCELLED', cancelled_at = p_now
  WHERE profile_id = v_member AND status = 'SCHEDULED'
  RETURNING id INTO v_cancelled;
  IF v_cancelled IS NOT NULL THEN
    PERFORM vv_notice(v_member, 'account-deletion-cancelled', 'accountDeletionCancelled', '{}');
  END IF;
  SELECT deleted_at IS NOT NULL INTO v_deleted FROM profiles WHERE id = v_member;
  RETURN jsonb_build_object('cancelled', v_cancelled IS NOT NULL, 'deleted', v_deleted);
END;
$$;

-- The deletion job: up to p_limit due deletions, each claimed with FOR UPDATE SKIP LOCKED, so
-- several instances running it at once share the work and perform each deletion once. For each:
-- the checks again (a deletion still blocked stays scheduled and is tried at the next run), the
-- balance left then posted back to the issuance account ('account_deletion_forfeit'), then the
-- profile and sign-in identity anonymised (username `deleted_<id>`, e-mail `…@deleted.invalid`,
-- wallet, sign-up address and device erased), sessions, password, 2FA secrets and e-mails
-- addressed to them deleted, out of the ranking, suspended (every guard against paying
-- suspended members applies). Ledger entries and trade records stay, naming the anonymised
-- profile (LGPD art. 16). The "deletion done" e-mail goes to the address they had; it is
-- redacted from the outbox a day after it was sent.
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
    -- Notifications, channel choices and push subscriptions go (ADR 059); their push deliveries
    -- go with them (ON DELETE CASCADE).
    DELETE FROM notifications WHERE member_id = v_row.profile_id;
    DELETE FROM notification_preferences WHERE member_id = v_row.profile_id;
    DELETE FROM push_subscriptions WHERE member_id = v_row.profile_id;
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

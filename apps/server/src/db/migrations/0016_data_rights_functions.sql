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

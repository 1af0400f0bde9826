-- Members' accounts: the profile and ledger accounts every new user gets, Better Auth's copy of
-- the username, and the cache invalidation every instance listens to (ADR 013).
--
-- The ONE current definition of each function below (ADR 042): edit it here, never in a
-- migration. Applied after the migrations when this file's sha256 changes (src/db/migrate.ts).

-- Every user gets a profile in the same transaction as its creation, whatever creates it
-- (sign-up, the user:create command, the demo seed). Sign-up metadata travels on the user row;
-- the referrer was already resolved to an existing profile id (or NULL) by the sign-up hook.
CREATE OR REPLACE FUNCTION create_profile_for_user() RETURNS trigger AS $$
DECLARE
  referrer uuid;
  profile uuid;
BEGIN
  IF NEW.referral_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
    SELECT id INTO referrer FROM profiles WHERE id = NEW.referral_id::uuid;
  END IF;
  INSERT INTO profiles (auth_uid, username, referred_by, locale, signup_ip, signup_user_agent)
  VALUES (
    NEW.id,
    COALESCE(NEW.display_username, NEW.username, NEW.id),
    referrer,
    CASE WHEN NEW.locale IN ('en', 'pt-BR') THEN NEW.locale ELSE 'en' END,
    NEW.signup_ip,
    NEW.signup_user_agent
  )
  RETURNING id INTO profile;
  -- E-mails already written to this address (sign-up's confirmation may be queued before the
  -- profile is visible) are the member's: the data export promises them. The support inbox's
  -- copies stay the desk's.
  UPDATE mail_outbox SET profile_id = profile
  WHERE profile_id IS NULL AND kind <> 'withdrawal-support' AND lower("to") = lower(NEW.email);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

-- Usernames change through profiles; keep Better Auth's copy (used to sign in by username) in step.
CREATE OR REPLACE FUNCTION sync_user_username() RETURNS trigger AS $$
BEGIN
  IF NEW.username IS DISTINCT FROM OLD.username THEN
    UPDATE users SET username = lower(NEW.username), display_username = NEW.username WHERE id = NEW.auth_uid;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION create_member_accounts() RETURNS trigger AS $$
BEGIN
  INSERT INTO ledger_accounts (kind, profile_id, currency)
  VALUES ('member', NEW.id, 'VIEWS'), ('member', NEW.id, 'USDT'), ('member_pending', NEW.id, 'USDT'),
         ('member_held', NEW.id, 'VIEWS'), ('member_held', NEW.id, 'USDT');
  INSERT INTO referral_balance (user_id) VALUES (NEW.id);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

-- Signed-in members are cached by every instance (ADR 013): a change to a session, a profile or
-- a user tells them all to forget that member at once.
CREATE OR REPLACE FUNCTION vv_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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

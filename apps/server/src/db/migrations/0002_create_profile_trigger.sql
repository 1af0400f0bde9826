-- Every user gets a profile in the same transaction as its creation, whatever creates it
-- (sign-up, the user:create command, the demo seed). Sign-up metadata travels on the user row;
-- the referrer was already resolved to an existing profile id (or NULL) by the sign-up hook.
CREATE OR REPLACE FUNCTION create_profile_for_user() RETURNS trigger AS $$
DECLARE
  referrer uuid;
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
  );
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_create_profile
  AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION create_profile_for_user();
--> statement-breakpoint
-- Usernames change through profiles; keep Better Auth's copy (used to sign in by username) in step.
CREATE OR REPLACE FUNCTION sync_user_username() RETURNS trigger AS $$
BEGIN
  IF NEW.username IS DISTINCT FROM OLD.username THEN
    UPDATE users SET username = lower(NEW.username), display_username = NEW.username WHERE id = NEW.auth_uid;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER profiles_sync_username
  AFTER UPDATE OF username ON profiles
  FOR EACH ROW EXECUTE FUNCTION sync_user_username();

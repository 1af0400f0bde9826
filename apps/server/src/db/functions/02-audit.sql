-- The audit log (ADR 021–023): append-only, written by the staff commands.
--
-- The ONE current definition of each function below (ADR 042): edit it here, never in a
-- migration. Applied after the migrations when this file's sha256 changes (src/db/migrate.ts).

-- The audit log is append-only: no UPDATE (except a deleted member's id becoming NULL through
-- the foreign keys' ON DELETE SET NULL), no DELETE, no TRUNCATE.
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (NEW.id, NEW.actor_role, NEW.action, NEW.target_type, NEW.target_id, NEW.before, NEW.after,
          NEW.reason, NEW.address, NEW.details, NEW.created_at)
         IS NOT DISTINCT FROM
         (OLD.id, OLD.actor_role, OLD.action, OLD.target_type, OLD.target_id, OLD.before, OLD.after,
          OLD.reason, OLD.address, OLD.details, OLD.created_at)
     AND (NEW.actor_profile_id IS NULL OR NEW.actor_profile_id = OLD.actor_profile_id)
     AND (NEW.target_profile_id IS NULL OR NEW.target_profile_id = OLD.target_profile_id) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only (% refused)', TG_OP USING ERRCODE = 'VV003';
END;
$$;

-- One staff action in the audit log: who (and their role), what, the target, before/after, the
-- reason (when the action takes one), the client address; the time is the command's clock. A row
-- of an action that moves money carries `amount` (minor units, as text) and `currency` in
-- `after` (ADR 050).
CREATE OR REPLACE FUNCTION vv_audit(
  p_actor uuid, p_role text, p_action text, p_target_profile uuid, p_target_type text,
  p_target_id text, p_before jsonb, p_after jsonb, p_reason text, p_ip text, p_now timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_events (actor_profile_id, actor_role, action, target_profile_id, target_type,
                            target_id, before, after, reason, address, created_at)
  VALUES (p_actor, p_role, p_action, p_target_profile, p_target_type, p_target_id, p_before,
          p_after, p_reason, p_ip, p_now);
END;
$$;

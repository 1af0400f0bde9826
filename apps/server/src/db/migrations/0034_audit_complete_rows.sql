-- Complete audit rows (issue 27, ADR 050): vv_audit gains p_reason (before p_ip), and
-- vv_grant_bonus gains the actor's role, the client address and the command's clock, so the
-- bonus grant's audit row has them like every other staff money action. Their current
-- definitions are in db/functions (ADR 042); here only the old signatures are dropped.
DROP FUNCTION IF EXISTS vv_audit(uuid, text, text, uuid, text, text, jsonb, jsonb, text, timestamptz);
--> statement-breakpoint
DROP FUNCTION IF EXISTS vv_grant_bonus(uuid, text, text, text, uuid, bigint, text);

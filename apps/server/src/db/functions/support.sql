-- The support desk (ADR 023).
--
-- The ONE current definition of each function below (ADR 042): edit it here, never in a
-- migration. Applied after the migrations when this file's sha256 changes (src/db/migrate.ts).

-- The status of a request that is not a withdrawal's: staff set any of the three freely (seeds).
CREATE OR REPLACE FUNCTION vv_support_set_status(
  p_staff uuid, p_role text, p_ip text, p_key text, p_route text, p_hash text,
  p_request uuid, p_status text, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_staff, p_key, p_route, p_hash);
  v_before support_requests%ROWTYPE;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  SELECT * INTO v_before FROM support_requests WHERE id = p_request FOR UPDATE;
  IF v_before.id IS NULL THEN PERFORM vv_refuse('NOT_FOUND', '{"context": "supportRequest"}'); END IF;
  IF v_before.withdrawal_id IS NOT NULL THEN
    PERFORM vv_refuse('CONFLICT', '{"context": "withdrawalState", "status": "WITHDRAWAL"}');
  END IF;
  UPDATE support_requests SET status = p_status, updated_at = p_now WHERE id = p_request;
  PERFORM vv_audit(p_staff, p_role, 'support.status', v_before.user_id, 'support_request', p_request::text,
    jsonb_build_object('status', v_before.status), jsonb_build_object('status', p_status), NULL, p_ip,
    p_now);
  RETURN vv_answer(p_staff, p_key, 200, jsonb_build_object('requestId', p_request), ARRAY[]::uuid[]);
END;
$$;

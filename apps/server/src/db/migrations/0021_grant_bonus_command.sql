-- Granting an event bonus is a money command (ADR 013, ADR 038): one statement claims the
-- admin's Idempotency-Key, checks the member, writes the AVAILABLE bonus and its audit row and
-- stores the answer, so a retried or doubled grant with the same key creates one bonus and
-- answers the first grant again; the same key with another member or body is refused
-- (IDEMPOTENCY_KEY_REUSED). The amount was checked by the service (parseUsdt, EVENT_BONUS).
-- p_actor and p_key are NULL for `npm run bonus:grant` (no staff actor, no key).
CREATE FUNCTION vv_grant_bonus(
  p_actor uuid, p_key text, p_route text, p_hash text,
  p_target uuid, p_amount bigint, p_reason text
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
  INSERT INTO audit_events (actor_profile_id, action, target_profile_id, details)
  VALUES (p_actor, 'bonus.grant', p_target, jsonb_build_object('bonusId', v_bonus.id,
    'amount', p_amount::text, 'reason', p_reason));
  RETURN vv_answer(p_actor, p_key, 201, jsonb_build_object(
    'id', v_bonus.id, 'status', v_bonus.status, 'claimAmount', v_bonus.claim_amount::text,
    'reason', v_bonus.reason,
    'createdAt', to_char(v_bonus.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'claimedAt', NULL), ARRAY[]::uuid[]);
END;
$$;

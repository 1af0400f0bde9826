-- Helpers every command uses: refusals the client can act on (SQLSTATE VV400), the
-- Idempotency-Key claim and stored answer (ADR 013), e-mail notices and USDT as message text.
--
-- The ONE current definition of each function below (ADR 042): edit it here, never in a
-- migration. Applied after the migrations when this file's sha256 changes (src/db/migrate.ts).

-- A refusal the client can act on: the error catalogue's code, its message parameters and the
-- form field (the server maps SQLSTATE VV400 to AppError(code, params)).
CREATE OR REPLACE FUNCTION vv_refuse(p_code text, p_params jsonb DEFAULT '{}', p_field text DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'VV400', MESSAGE = p_code, DETAIL = p_params::text,
    HINT = coalesce(p_field, '');
END;
$$;

-- Claims an Idempotency-Key for the command about to run. NULL: go on (no key, or newly claimed).
-- Otherwise the first run's stored answer, {status, result, replayed: true}. A concurrent claim
-- of the same key waits on the primary key until the first command commits, then replays it.
CREATE OR REPLACE FUNCTION vv_idempotency_claim(p_profile uuid, p_key text, p_route text, p_hash text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_hash text;
  v_status int;
  v_body text;
BEGIN
  IF p_key IS NULL THEN RETURN NULL; END IF;
  INSERT INTO idempotency_keys (profile_id, key, route, request_hash)
  VALUES (p_profile, p_key, p_route, p_hash) ON CONFLICT DO NOTHING;
  IF FOUND THEN RETURN NULL; END IF;
  SELECT request_hash, response_status, response_body INTO v_hash, v_status, v_body
  FROM idempotency_keys WHERE profile_id = p_profile AND key = p_key;
  IF v_hash IS DISTINCT FROM p_hash THEN PERFORM vv_refuse('IDEMPOTENCY_KEY_REUSED'); END IF;
  IF v_status IS NULL THEN
    PERFORM vv_refuse('CONFLICT', '{"context": "idempotencyInProgress"}');
  END IF;
  RETURN jsonb_build_object('status', v_status, 'result', v_body::jsonb, 'replayed', true);
END;
$$;

-- Stores a command's answer with its key and returns it as the command's outcome.
CREATE OR REPLACE FUNCTION vv_answer(p_profile uuid, p_key text, p_status int, p_result jsonb, p_touched uuid[])
RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response_status = p_status, response_body = p_result::text
    WHERE profile_id = p_profile AND key = p_key;
  END IF;
  RETURN jsonb_build_object('status', p_status, 'result', p_result, 'replayed', false,
    'touched', to_jsonb(p_touched));
END;
$$;

-- An e-mail notice to a member, rendered in their language when it is delivered.
CREATE OR REPLACE FUNCTION vv_notice(p_profile uuid, p_kind text, p_template text, p_params jsonb)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mail_outbox ("to", kind, template, params, profile_id)
  SELECT u.email, p_kind, p_template, p_params, p.id
  FROM profiles p JOIN users u ON u.id = p.auth_uid WHERE p.id = p_profile;
END;
$$;

-- micro-USDT as the catalogue's message parameters show it ("100", "40.5").
CREATE OR REPLACE FUNCTION vv_usdt_text(p_micro bigint) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN trim_scale(p_micro / 1000000.0)::text;
END;
$$;

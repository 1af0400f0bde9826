-- Transfers between members (ADR 013).
--
-- The ONE current definition of each function below (ADR 042): edit it here, never in a
-- migration. Applied after the migrations when this file's sha256 changes (src/db/migrate.ts).

-- A transfer (the shared checks ran in the service), in one statement from the server (ADR 079):
-- p_recipient is whom the recipient field names as recipientRef read it (packages/shared, ADR
-- 043: the seeds' id-or-username rule lives there once) — a profile id, or '@' and a username —
-- or null for no one. Here, after the key's claim, the recipient and both members' accounts in one
-- read (by id, or by the username's unique lower-case index), never the sender, never a
-- suspended member; one posting; then the record and the answer in one statement, and the
-- recipient's notification — both at the server's clock (p_now), as every other cause's.
CREATE OR REPLACE FUNCTION vv_transfer(
  p_sender uuid, p_key text, p_route text, p_hash text,
  p_recipient text, p_currency text, p_amount bigint, p_sender_username text, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_prior jsonb := vv_idempotency_claim(p_sender, p_key, p_route, p_hash);
  v_to record;
  v_tx uuid;
  v_result jsonb;
  v_notification uuid;
BEGIN
  IF v_prior IS NOT NULL THEN RETURN v_prior; END IF;
  IF left(p_recipient, 1) = '@' THEN
    SELECT p.id, p.username, p.is_verified, p.suspended,
           ra.id AS to_account, sa.id AS from_account
      INTO v_to
    FROM profiles p
    JOIN ledger_accounts ra ON ra.profile_id = p.id AND ra.kind = 'member' AND ra.currency = p_currency
    JOIN ledger_accounts sa ON sa.profile_id = p_sender AND sa.kind = 'member' AND sa.currency = p_currency
    WHERE lower(p.username) = lower(substr(p_recipient, 2));
  ELSE
    SELECT p.id, p.username, p.is_verified, p.suspended,
           ra.id AS to_account, sa.id AS from_account
      INTO v_to
    FROM profiles p
    JOIN ledger_accounts ra ON ra.profile_id = p.id AND ra.kind = 'member' AND ra.currency = p_currency
    JOIN ledger_accounts sa ON sa.profile_id = p_sender AND sa.kind = 'member' AND sa.currency = p_currency
    WHERE p.id = p_recipient::uuid;
  END IF;
  IF v_to.id = p_sender THEN PERFORM vv_refuse('SELF_TRANSFER', '{}', 'recipient'); END IF;
  IF v_to.id IS NULL OR v_to.suspended THEN
    PERFORM vv_refuse('RECIPIENT_NOT_FOUND', '{}', 'recipient');
  END IF;
  v_tx := ledger_post('transfer', p_sender, '{}', ARRAY[v_to.from_account, v_to.to_account],
    ARRAY[-p_amount, p_amount], ARRAY[v_to.id, p_sender]);
  WITH transfer AS (
    INSERT INTO user_transfers (sender_id, recipient_id, transfer_type, amount, ledger_transaction_id,
                                created_at)
    VALUES (p_sender, v_to.id, p_currency, p_amount, v_tx, p_now) RETURNING id, status, created_at)
  SELECT jsonb_build_object(
      'transfer', jsonb_build_object('id', t.id, 'status', t.status, 'createdAt', t.created_at),
      'recipient', jsonb_build_object('id', v_to.id, 'username', v_to.username, 'isVerified', v_to.is_verified),
      'balances', vv_balances(p_sender))
    INTO v_result FROM transfer t;
  -- The recipient's notification (and e-mail, where they keep it on: vv_notify); assigned, not
  -- PERFORMed: an assignment is evaluated without a statement of its own.
  v_notification := vv_notify(v_to.id, 'transferReceived', jsonb_build_object(
    'currency', p_currency, 'amount', p_amount::text, 'sender', p_sender_username), p_now);
  RETURN vv_answer(p_sender, p_key, 200, v_result, ARRAY[p_sender, v_to.id]);
END;
$$;

-- Earnings on hold (ADR 047): watch rewards, creator credits and view-request gains pending
-- for the hold window, cleared by the job or by staff, or clawed back.
--
-- The ONE current definition of each function below (ADR 042): edit it here, never in a
-- migration. Applied after the migrations when this file's sha256 changes (src/db/migrate.ts).

-- A member's risk level: the risk model's, 'normal' without a row.
CREATE OR REPLACE FUNCTION vv_risk_level(p_member uuid) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((SELECT level FROM member_risk WHERE member_id = p_member), 'normal');
END;
$$;

-- Writes the holds of one credit (the posting p_tx, already made to the members' held accounts):
-- one row per member with a positive amount, clearing after the hours of the member's risk level
-- in p_hours ({"low": 24, "normal": 24, "high": 72}: HOLD.hoursByRisk, passed by the service; an
-- unknown level gets the 'normal' hours).
CREATE OR REPLACE FUNCTION vv_hold_credit(
  p_tx uuid, p_now timestamptz, p_hours jsonb, p_currency text,
  p_members uuid[], p_amounts bigint[], p_sources text[], p_source_ids uuid[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO earning_holds (member_id, currency, amount, source_kind, source_id,
                             ledger_transaction_id, created_at, clears_at)
  SELECT h.member, p_currency, h.amount, h.source, h.source_id, p_tx, p_now,
         p_now + make_interval(hours => coalesce((p_hours ->> coalesce(r.level, 'normal'))::int,
                                                 (p_hours ->> 'normal')::int))
  FROM unnest(p_members, p_amounts, p_sources, p_source_ids) AS h(member, amount, source, source_id)
  -- The member's risk level as vv_risk_level reads it, joined rather than called per row.
  LEFT JOIN member_risk r ON r.member_id = h.member
  WHERE h.member IS NOT NULL AND h.amount > 0;
END;
$$;

-- A hold as the service reads it (amounts as strings, times in UTC ISO form).
CREATE OR REPLACE FUNCTION vv_hold_json(p_hold earning_holds) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN jsonb_build_object('id', p_hold.id, 'memberId', p_hold.member_id,
    'currency', p_hold.currency, 'amount', p_hold.amount::text, 'sourceKind', p_hold.source_kind,
    'sourceId', p_hold.source_id, 'status', p_hold.status,
    'createdAt', to_char(p_hold.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'clearsAt', to_char(p_hold.clears_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'settledAt', to_char(p_hold.settled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'settledBy', p_hold.settled_by, 'reason', p_hold.reason);
END;
$$;

-- A hold's outcome, exactly once: the conditional update of its row from HELD decides (a
-- concurrent clearing or claw-back of the same hold waits, then finds it settled), and in the same
-- transaction its amount moves from the member's held account to their available account
-- (CLEARED, 'hold_clear') or to the issuance account (CLAWED_BACK, 'hold_claw_back'). The
-- member's accounts of the hold's currency are locked first (ascending id, like every posting),
-- then the hold's row: every path that settles holds takes accounts before hold rows, so none can
-- deadlock with another. The posting debits the held account by exactly the hold, which never
-- overdraws it (the HELD holds sum to its balance; ledger_post refuses an overdraft anyway).
-- p_due_only: the clearing job's call — only a hold already due, NULL instead of a refusal.
-- Staff (p_staff) get NOT_FOUND/hold or HOLD_SETTLED; their action is audited with its reason.
CREATE OR REPLACE FUNCTION vv_hold_settle(
  p_hold uuid, p_outcome text, p_staff uuid, p_role text, p_reason text, p_ip text,
  p_now timestamptz, p_due_only boolean
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_tx uuid := gen_random_uuid();
  v_member uuid;
  v_currency text;
  v_hold earning_holds%ROWTYPE;
BEGIN
  IF p_outcome NOT IN ('CLEARED', 'CLAWED_BACK') THEN
    RAISE EXCEPTION 'unknown hold outcome %', p_outcome;
  END IF;
  SELECT member_id, currency INTO v_member, v_currency FROM earning_holds WHERE id = p_hold;
  IF v_member IS NULL THEN
    IF p_due_only THEN RETURN NULL; END IF;
    PERFORM vv_refuse('NOT_FOUND', '{"context": "hold"}');
  END IF;
  PERFORM 1 FROM ledger_accounts
  WHERE profile_id = v_member AND currency = v_currency AND kind IN ('member', 'member_held')
  ORDER BY id FOR UPDATE;
  UPDATE earning_holds SET status = p_outcome, settled_at = p_now, settled_by = p_staff,
    reason = p_reason, settle_transaction_id = v_tx
  WHERE id = p_hold AND status = 'HELD' AND (NOT p_due_only OR clears_at <= p_now)
  RETURNING * INTO v_hold;
  IF v_hold.id IS NULL THEN
    IF p_due_only THEN RETURN NULL; END IF;
    PERFORM vv_refuse('HOLD_SETTLED');
  END IF;
  PERFORM ledger_post(CASE p_outcome WHEN 'CLEARED' THEN 'hold_clear' ELSE 'hold_claw_back' END,
    p_staff, jsonb_build_object('holdId', v_hold.id, 'source', v_hold.source_kind),
    ARRAY[vv_account(v_member, v_currency, 'member_held'),
          CASE p_outcome WHEN 'CLEARED' THEN vv_account(v_member, v_currency)
               ELSE vv_system_account('rewards', v_currency) END],
    ARRAY[-v_hold.amount, v_hold.amount], ARRAY[NULL, NULL]::uuid[], v_tx);
  IF p_staff IS NOT NULL AND p_outcome = 'CLEARED' THEN
    -- Staff cleared it early: the member is told, one notification per hold.
    PERFORM vv_notify(v_member, 'holdCleared', jsonb_build_object(
      'currency', v_currency, 'amount', v_hold.amount::text, 'holdId', v_hold.id::text), p_now);
  ELSIF p_outcome = 'CLEARED' THEN
    -- The job cleared a due hold. Every watch reward is a hold, so one notification per hold
    -- would be noise: the member's unread notification of today's cleared holds in this
    -- currency grows instead (its amount and count), and a new one starts when they have read
    -- it or on a new day. The member's accounts are locked above, so two clearers of one
    -- member's holds take turns here.
    UPDATE notifications
    SET params = params || jsonb_build_object(
      'amount', ((params ->> 'amount')::numeric + v_hold.amount)::text,
      'count', ((params ->> 'count')::int + 1)::text)
    WHERE id = (
      SELECT id FROM notifications
      WHERE member_id = v_member AND kind = 'holdCleared' AND read_at IS NULL
        AND params ->> 'source' = 'due' AND params ->> 'currency' = v_currency
        AND created_at >= date_trunc('day', p_now)
      ORDER BY created_at DESC LIMIT 1);
    IF NOT FOUND THEN
      PERFORM vv_notify(v_member, 'holdCleared', jsonb_build_object(
        'currency', v_currency, 'amount', v_hold.amount::text, 'count', '1', 'source', 'due'),
        p_now);
    END IF;
  END IF;
  IF p_staff IS NOT NULL THEN
    INSERT INTO audit_events (actor_profile_id, actor_role, action, target_profile_id, target_type,
                              target_id, before, after, reason, address, created_at)
    VALUES (p_staff, p_role, CASE p_outcome WHEN 'CLEARED' THEN 'hold.clear' ELSE 'hold.claw_back' END,
            v_member, 'earning_hold', v_hold.id::text, '{"status": "HELD"}',
            jsonb_build_object('status', p_outcome, 'amount', v_hold.amount::text, 'currency', v_currency),
            p_reason, p_ip, p_now);
  END IF;
  RETURN vv_hold_json(v_hold);
END;
$$;

-- The clearing job's step: clears the earliest due hold, one hold (one member's accounts, one
-- posting) per call and transaction — a transaction clearing many members' holds would lock their
-- accounts in hold order, not account order, and could deadlock with a view request or a transfer.
-- NULL when no hold is due; {"hold": null} when another clearer or staff settled the candidate
-- first (the job goes on with the next call).
CREATE OR REPLACE FUNCTION vv_hold_clear_next(p_now timestamptz) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid;
BEGIN
  -- A high-risk member's holds do not clear while their risk is unreviewed (ADR 071): the admin's
  -- review ("clear") resets the score, and the next run clears them; a confirmation claws back.
  SELECT h.id INTO v_id FROM earning_holds h WHERE h.status = 'HELD' AND h.clears_at <= p_now
    AND NOT EXISTS (SELECT 1 FROM member_risk r WHERE r.member_id = h.member_id AND r.level = 'high')
  ORDER BY h.clears_at LIMIT 1;
  IF v_id IS NULL THEN RETURN NULL; END IF;
  RETURN jsonb_build_object('hold', vv_hold_settle(v_id, 'CLEARED', NULL, NULL, NULL, NULL, p_now, true));
END;
$$;

-- Claws back every HELD hold of a member (staff), each as vv_hold_settle does, in one transaction:
-- the member's accounts first (so a clearing of one of these holds either finished before — the
-- hold is skipped — or waits and then finds it settled), then their HELD holds. Only one member's
-- accounts are locked. Returns the holds clawed back (an empty list when none was held).
CREATE OR REPLACE FUNCTION vv_holds_claw_back_member(
  p_member uuid, p_staff uuid, p_role text, p_reason text, p_ip text, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid;
  v_done jsonb := '[]'::jsonb;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM profiles WHERE id = p_member) THEN
    PERFORM vv_refuse('NOT_FOUND', '{"context": "member"}');
  END IF;
  PERFORM 1 FROM ledger_accounts WHERE profile_id = p_member AND kind IN ('member', 'member_held')
  ORDER BY id FOR UPDATE;
  FOR v_id IN
    SELECT id FROM earning_holds WHERE member_id = p_member AND status = 'HELD' ORDER BY clears_at, id
  LOOP
    v_done := v_done || jsonb_build_array(
      vv_hold_settle(v_id, 'CLAWED_BACK', p_staff, p_role, p_reason, p_ip, p_now, false));
  END LOOP;
  RETURN v_done;
END;
$$;

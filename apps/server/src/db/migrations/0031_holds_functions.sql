-- Earnings on hold (ADR 047, SPEC §11): watch rewards, creator credits and view-request gains
-- are credited to the member's `member_held` account with an `earning_holds` row, in the same
-- statement as the credit; they clear to the available account (`member`) when the hold window of
-- the member's risk level has passed (the clearing job) or early by staff, or staff claw them back
-- to the issuance account — each hold exactly once (a conditional update of its row).

-- Every member gets a held account per currency, created after their other accounts (a larger
-- id: postings lock a member's available account before their held account).
INSERT INTO ledger_accounts (kind, profile_id, currency)
SELECT 'member_held', p.id, c.currency FROM profiles p CROSS JOIN (VALUES ('VIEWS'), ('USDT')) AS c(currency)
ORDER BY p.id, c.currency
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- vv_watch_complete: unchanged but for WHERE it credits (ADR 047, marked "hold:"): the watcher's
-- reward and the creator's credit go to their held accounts, with their holds, in this statement.
-- New last parameter p_hold_hours (HOLD.hoursByRisk).
DROP FUNCTION IF EXISTS vv_watch_complete(uuid, uuid, timestamptz, int, int, date, int, bigint, bigint);
--> statement-breakpoint
-- vv_view_request: a match's gains go to both members' held accounts, with their holds (ADR 047).
-- Both members' available AND held views accounts are locked first, in ascending id order (the
-- charge then the match post to them), so it takes its locks in one order like every posting.
-- New last parameter p_hold_hours (HOLD.hoursByRisk).
DROP FUNCTION IF EXISTS vv_view_request(uuid, text, text, text, timestamptz, date, int, bigint, bigint);

-- The platform's system accounts, one per currency.
INSERT INTO ledger_accounts (kind, currency)
SELECT k, c FROM unnest(ARRAY['rewards', 'fees', 'withdrawal_escrow', 'marketplace_escrow', 'payouts']) AS k,
                 unnest(ARRAY['VIEWS', 'USDT']) AS c
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Every profile gets its two ledger accounts and its balance projections when it is created,
-- in the same transaction (the profile itself is created by the users trigger).
CREATE OR REPLACE FUNCTION create_member_accounts() RETURNS trigger AS $$
BEGIN
  INSERT INTO ledger_accounts (kind, profile_id, currency) VALUES ('member', NEW.id, 'VIEWS'), ('member', NEW.id, 'USDT');
  INSERT INTO view_balances (user_id) VALUES (NEW.id);
  INSERT INTO wallet_balances (user_id) VALUES (NEW.id);
  INSERT INTO referral_balance (user_id) VALUES (NEW.id);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER profiles_create_member_accounts
  AFTER INSERT ON profiles
  FOR EACH ROW EXECUTE FUNCTION create_member_accounts();
--> statement-breakpoint
INSERT INTO ledger_accounts (kind, profile_id, currency)
SELECT 'member', p.id, c.currency FROM profiles p CROSS JOIN (VALUES ('VIEWS'), ('USDT')) AS c(currency)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO view_balances (user_id) SELECT id FROM profiles ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO wallet_balances (user_id) SELECT id FROM profiles ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO referral_balance (user_id) SELECT id FROM profiles ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The ledger is append-only.
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
-- At commit, every transaction's entries must sum to zero per currency.
CREATE OR REPLACE FUNCTION ledger_check_balanced() RETURNS trigger AS $$
DECLARE
  unbalanced text;
BEGIN
  SELECT string_agg(currency || ' ' || total, ', ') INTO unbalanced
  FROM (SELECT currency, sum(amount) AS total FROM ledger_entries WHERE transaction_id = NEW.transaction_id
        GROUP BY currency HAVING sum(amount) <> 0) t;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transaction % does not balance: %', NEW.transaction_id, unbalanced;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();

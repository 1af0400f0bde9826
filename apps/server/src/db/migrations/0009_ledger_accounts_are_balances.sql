-- Nothing has ever been held for a withdrawal (withdrawals did not exist yet): the projections
-- can go. Refuse to drop them if that were ever not true.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM wallet_balances WHERE pending_usdt <> 0) THEN
    RAISE EXCEPTION 'wallet_balances.pending_usdt is not zero: move it to member_pending accounts first';
  END IF;
END $$;
--> statement-breakpoint
ALTER TABLE "view_balances" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "wallet_balances" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "view_balances" CASCADE;--> statement-breakpoint
DROP TABLE "wallet_balances" CASCADE;--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_member_owner_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_member_balance_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "referrals" DROP CONSTRAINT "referrals_ledger_transaction_id_ledger_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "swap_transactions" DROP CONSTRAINT "swap_transactions_ledger_transaction_id_ledger_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "user_transfers" DROP CONSTRAINT "user_transfers_ledger_transaction_id_ledger_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "ads_sessions" DROP CONSTRAINT "ads_sessions_ledger_transaction_id_ledger_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "video_boosts" DROP CONSTRAINT "video_boosts_ledger_transaction_id_ledger_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "videos" DROP CONSTRAINT "videos_ledger_transaction_id_ledger_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "view_requests" DROP CONSTRAINT "view_requests_ledger_transaction_id_ledger_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "view_requests" DROP CONSTRAINT "view_requests_match_ledger_transaction_id_ledger_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "view_requests" DROP CONSTRAINT "view_requests_refund_ledger_transaction_id_ledger_transactions_id_fk";
--> statement-breakpoint
DROP INDEX "ledger_accounts_system_idx";--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "profile_id" uuid;--> statement-breakpoint
CREATE INDEX "ledger_accounts_profile_idx" ON "ledger_accounts" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_member_pending_idx" ON "ledger_accounts" USING btree ("profile_id","currency") WHERE "ledger_accounts"."kind" = 'member_pending';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_idx" ON "ledger_accounts" USING btree ("kind","currency") WHERE "ledger_accounts"."profile_id" is null;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('member', 'member_pending', 'rewards', 'fees', 'withdrawal_escrow', 'marketplace_escrow', 'payouts'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_member_owner_check" CHECK (("ledger_accounts"."kind" in ('member', 'member_pending')) = ("ledger_accounts"."profile_id" is not null));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_member_balance_check" CHECK ("ledger_accounts"."profile_id" is null or "ledger_accounts"."balance" >= 0);
ALTER TABLE "box_openings" DROP CONSTRAINT "box_openings_profile_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "member_earnings" DROP CONSTRAINT "member_earnings_profile_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_profile_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_actor_profile_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "market_offers" DROP CONSTRAINT "market_offers_seller_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "market_offers" DROP CONSTRAINT "market_offers_buyer_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "swap_transactions" DROP CONSTRAINT "swap_transactions_user_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "user_transfers" DROP CONSTRAINT "user_transfers_sender_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "user_transfers" DROP CONSTRAINT "user_transfers_recipient_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "video_boosts" DROP CONSTRAINT "video_boosts_user_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "watch_daily" DROP CONSTRAINT "watch_daily_user_id_profiles_id_fk";
--> statement-breakpoint
DROP INDEX "mail_outbox_due_idx";--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at") WHERE "mail_outbox"."status" <> 'sent';
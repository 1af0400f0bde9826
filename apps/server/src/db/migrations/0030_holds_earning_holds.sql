CREATE TABLE "earning_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" uuid,
	"ledger_transaction_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"clears_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'HELD' NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by" uuid,
	"reason" text,
	"settle_transaction_id" uuid,
	CONSTRAINT "earning_holds_amount_check" CHECK ("earning_holds"."amount" > 0),
	CONSTRAINT "earning_holds_currency_check" CHECK ("earning_holds"."currency" in ('VIEWS', 'USDT')),
	CONSTRAINT "earning_holds_status_check" CHECK ("earning_holds"."status" in ('HELD', 'CLEARED', 'CLAWED_BACK')),
	CONSTRAINT "earning_holds_source_check" CHECK ("earning_holds"."source_kind" in ('watch_reward', 'creator_credit', 'view_request_match')),
	CONSTRAINT "earning_holds_settled_check" CHECK (("earning_holds"."status" = 'HELD') = ("earning_holds"."settled_at" is null))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_member_owner_check";--> statement-breakpoint
CREATE UNIQUE INDEX "earning_holds_credit_idx" ON "earning_holds" USING btree ("ledger_transaction_id","member_id");--> statement-breakpoint
CREATE INDEX "earning_holds_due_idx" ON "earning_holds" USING btree ("clears_at") WHERE "earning_holds"."status" = 'HELD';--> statement-breakpoint
CREATE INDEX "earning_holds_member_held_idx" ON "earning_holds" USING btree ("member_id","clears_at") WHERE "earning_holds"."status" = 'HELD';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_member_held_idx" ON "ledger_accounts" USING btree ("profile_id","currency") WHERE "ledger_accounts"."kind" = 'member_held';--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('member', 'member_pending', 'member_held', 'rewards', 'fees', 'withdrawal_escrow', 'marketplace_escrow', 'payouts'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_member_owner_check" CHECK (("ledger_accounts"."kind" in ('member', 'member_pending', 'member_held')) = ("ledger_accounts"."profile_id" is not null));
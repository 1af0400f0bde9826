CREATE TABLE "account_deletions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"status" text DEFAULT 'SCHEDULED' NOT NULL,
	"forfeit_balance" boolean NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"executed_at" timestamp with time zone,
	"forfeited_views" bigint,
	"forfeited_usdt" bigint,
	"forfeit_ledger_transaction_id" uuid,
	CONSTRAINT "account_deletions_status_check" CHECK ("account_deletions"."status" in ('SCHEDULED', 'CANCELLED', 'DONE'))
);
--> statement-breakpoint
ALTER TABLE "account_deletions" ADD CONSTRAINT "account_deletions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_deletions_one_scheduled_idx" ON "account_deletions" USING btree ("profile_id") WHERE "account_deletions"."status" = 'SCHEDULED';--> statement-breakpoint
CREATE INDEX "account_deletions_due_idx" ON "account_deletions" USING btree ("due_at") WHERE "account_deletions"."status" = 'SCHEDULED';
CREATE TABLE "payout_nonces" (
	"network" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"next_nonce" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"withdrawal_id" uuid NOT NULL,
	"network" text NOT NULL,
	"from_address" text NOT NULL,
	"nonce" integer NOT NULL,
	"amount_usdt" bigint NOT NULL,
	"raw_transaction" text NOT NULL,
	"tx_hash" text NOT NULL,
	"max_fee_per_gas" text NOT NULL,
	"max_priority_fee_per_gas" text NOT NULL,
	"sent_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"broadcast_at" timestamp with time zone,
	"replaced_by" uuid,
	"gone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "withdrawal_timeline" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"withdrawal_id" uuid NOT NULL,
	"step" text NOT NULL,
	"tx_hash" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "manual_claims" DROP CONSTRAINT "manual_claims_status_check";--> statement-breakpoint
ALTER TABLE "manual_claims" ADD COLUMN "tx_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "manual_claims" ADD COLUMN "tx_block" bigint;--> statement-breakpoint
ALTER TABLE "manual_claims" ADD COLUMN "confirmations" integer;--> statement-breakpoint
ALTER TABLE "manual_claims" ADD COLUMN "required_confirmations" integer;--> statement-breakpoint
ALTER TABLE "manual_claims" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "manual_claims" ADD COLUMN "gone_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_sends" ADD CONSTRAINT "payout_sends_withdrawal_id_manual_claims_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."manual_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_sends" ADD CONSTRAINT "payout_sends_sent_by_profiles_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_timeline" ADD CONSTRAINT "withdrawal_timeline_withdrawal_id_manual_claims_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."manual_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_sends_live_idx" ON "payout_sends" USING btree ("withdrawal_id") WHERE "payout_sends"."replaced_by" is null and "payout_sends"."gone_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_sends_hash_idx" ON "payout_sends" USING btree ("network","tx_hash");--> statement-breakpoint
CREATE INDEX "payout_sends_day_idx" ON "payout_sends" USING btree ("network","created_at");--> statement-breakpoint
CREATE INDEX "withdrawal_timeline_withdrawal_idx" ON "withdrawal_timeline" USING btree ("withdrawal_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "manual_claims_verified_hash_idx" ON "manual_claims" USING btree ("network",lower("tx_hash")) WHERE "manual_claims"."tx_verified";--> statement-breakpoint
CREATE INDEX "manual_claims_confirming_idx" ON "manual_claims" USING btree ("updated_at") WHERE "manual_claims"."status" = 'CONFIRMING';--> statement-breakpoint
ALTER TABLE "manual_claims" ADD CONSTRAINT "manual_claims_status_check" CHECK ("manual_claims"."status" in ('SENT', 'AWAITING_APPROVAL', 'CONFIRMING', 'COMPLETED', 'FAILED', 'CANCELLED'));--> statement-breakpoint
-- Withdrawals made before their timeline existed: the request and, when decided, how it ended.
INSERT INTO "withdrawal_timeline" ("withdrawal_id", "step", "tx_hash", "reason", "created_at")
SELECT "id", 'requested', NULL, NULL, "created_at" FROM "manual_claims" ORDER BY "created_at";--> statement-breakpoint
INSERT INTO "withdrawal_timeline" ("withdrawal_id", "step", "tx_hash", "reason", "created_at")
SELECT "id", CASE "status" WHEN 'COMPLETED' THEN 'confirmed' WHEN 'FAILED' THEN 'failed' ELSE 'cancelled' END,
       "tx_hash", "failure_reason", "updated_at"
FROM "manual_claims" WHERE "status" IN ('COMPLETED', 'FAILED', 'CANCELLED') ORDER BY "updated_at";

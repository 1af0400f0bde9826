CREATE TABLE "manual_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_usdt" bigint NOT NULL,
	"fee_usdt" bigint NOT NULL,
	"wallet_address" text NOT NULL,
	"network" text NOT NULL,
	"status" text DEFAULT 'SENT' NOT NULL,
	"needs_second_approval" boolean DEFAULT false NOT NULL,
	"tx_hash" text,
	"failure_reason" text,
	"processed_by" uuid,
	"processing_at" timestamp with time zone,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"ledger_transaction_id" uuid NOT NULL,
	"settle_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manual_claims_positive" CHECK ("manual_claims"."amount_usdt" > 0 and "manual_claims"."fee_usdt" >= 0 and "manual_claims"."fee_usdt" < "manual_claims"."amount_usdt"),
	CONSTRAINT "manual_claims_status_check" CHECK ("manual_claims"."status" in ('SENT', 'AWAITING_APPROVAL', 'COMPLETED', 'FAILED')),
	CONSTRAINT "manual_claims_network_check" CHECK ("manual_claims"."network" in ('TRC20', 'ERC20', 'BEP20'))
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"from_staff" boolean NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"username" text NOT NULL,
	"request_type" text NOT NULL,
	"amount_usdt" bigint,
	"network" text,
	"wallet_address" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"message" text,
	"withdrawal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_requests_status_check" CHECK ("support_requests"."status" in ('PENDING', 'PROCESSING', 'COMPLETED')),
	CONSTRAINT "support_requests_type_check" CHECK ("support_requests"."request_type" in ('WITHDRAWAL', 'WITHDRAWAL_QUESTION', 'ACCOUNT', 'PAYMENT', 'OTHER'))
);
--> statement-breakpoint
CREATE TABLE "support_unlocks" (
	"session_id" text PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL,
	"unlocked_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "target_type" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "target_id" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "wallet_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "manual_claims" ADD CONSTRAINT "manual_claims_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_claims" ADD CONSTRAINT "manual_claims_processed_by_profiles_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_claims" ADD CONSTRAINT "manual_claims_approved_by_profiles_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_request_id_support_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."support_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_author_id_profiles_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_withdrawal_id_manual_claims_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."manual_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_unlocks" ADD CONSTRAINT "support_unlocks_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manual_claims_user_idx" ON "manual_claims" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "support_messages_request_idx" ON "support_messages" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "support_requests_created_idx" ON "support_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "support_requests_user_idx" ON "support_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_requests_withdrawal_idx" ON "support_requests" USING btree ("withdrawal_id");
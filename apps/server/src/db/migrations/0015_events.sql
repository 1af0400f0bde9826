CREATE TABLE "annual_event_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"views_claimed" bigint NOT NULL,
	"ledger_transaction_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annual_event_claims_positive" CHECK ("annual_event_claims"."views_claimed" > 0)
);
--> statement-breakpoint
CREATE TABLE "daily_event_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"claim_date" date NOT NULL,
	"reward_views" bigint NOT NULL,
	"ledger_transaction_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_event_claims_positive" CHECK ("daily_event_claims"."reward_views" > 0)
);
--> statement-breakpoint
CREATE TABLE "event_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'AVAILABLE' NOT NULL,
	"claim_amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"granted_by" uuid,
	"ledger_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "event_claims_positive" CHECK ("event_claims"."claim_amount" > 0),
	CONSTRAINT "event_claims_status" CHECK ("event_claims"."status" in ('AVAILABLE', 'CLAIMED')),
	CONSTRAINT "event_claims_claimed" CHECK (("event_claims"."status" = 'CLAIMED') = ("event_claims"."claimed_at" is not null and "event_claims"."ledger_transaction_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "member_earnings" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"earned_views" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "milestone_levels" (
	"views" bigint PRIMARY KEY NOT NULL,
	"reward_usdt" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "milestone_rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"milestone_views" bigint NOT NULL,
	"reward_usdt" bigint NOT NULL,
	"status" text DEFAULT 'AVAILABLE' NOT NULL,
	"ledger_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "milestone_rewards_status" CHECK ("milestone_rewards"."status" in ('AVAILABLE', 'CLAIMED'))
);
--> statement-breakpoint
ALTER TABLE "annual_event_claims" ADD CONSTRAINT "annual_event_claims_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_event_claims" ADD CONSTRAINT "daily_event_claims_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_claims" ADD CONSTRAINT "event_claims_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_claims" ADD CONSTRAINT "event_claims_granted_by_profiles_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_earnings" ADD CONSTRAINT "member_earnings_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_rewards" ADD CONSTRAINT "milestone_rewards_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "annual_event_claims_year_idx" ON "annual_event_claims" USING btree ("year");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_event_claims_date_idx" ON "daily_event_claims" USING btree ("claim_date");--> statement-breakpoint
CREATE INDEX "daily_event_claims_user_idx" ON "daily_event_claims" USING btree ("user_id","claim_date");--> statement-breakpoint
CREATE INDEX "event_claims_user_idx" ON "event_claims" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "milestone_rewards_member_level_idx" ON "milestone_rewards" USING btree ("user_id","milestone_views");
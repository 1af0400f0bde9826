CREATE TABLE "member_enforcement" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"cashout_paused_at" timestamp with time zone,
	"reason" text,
	"paused_by" uuid,
	"appeal_request_id" uuid,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"review_reason" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "member_risk" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"score" integer NOT NULL,
	"level" text NOT NULL,
	"reasons" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_signals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"ref_id" text NOT NULL,
	"device_hash" text,
	"network" text,
	"user_agent" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_signals_kind_check" CHECK ("member_signals"."kind" in ('sign_in', 'watch_session'))
);
--> statement-breakpoint
ALTER TABLE "support_requests" DROP CONSTRAINT "support_requests_type_check";--> statement-breakpoint
ALTER TABLE "member_enforcement" ADD CONSTRAINT "member_enforcement_member_id_profiles_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_enforcement" ADD CONSTRAINT "member_enforcement_paused_by_profiles_id_fk" FOREIGN KEY ("paused_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_enforcement" ADD CONSTRAINT "member_enforcement_reviewed_by_profiles_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_risk" ADD CONSTRAINT "member_risk_member_id_profiles_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_signals" ADD CONSTRAINT "member_signals_member_id_profiles_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_signals_member_idx" ON "member_signals" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "member_signals_device_idx" ON "member_signals" USING btree ("device_hash","created_at");--> statement-breakpoint
CREATE INDEX "member_signals_network_idx" ON "member_signals" USING btree ("network","created_at");--> statement-breakpoint
CREATE INDEX "member_signals_created_idx" ON "member_signals" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_type_check" CHECK ("support_requests"."request_type" in ('WITHDRAWAL', 'WITHDRAWAL_QUESTION', 'ACCOUNT', 'PAYMENT', 'OTHER', 'APPEAL'));
ALTER TABLE "member_enforcement" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_enforcement" ADD COLUMN "review_requested_by" uuid;--> statement-breakpoint
ALTER TABLE "member_enforcement" ADD COLUMN "review_request_note" text;--> statement-breakpoint
ALTER TABLE "member_enforcement" ADD CONSTRAINT "member_enforcement_review_requested_by_profiles_id_fk" FOREIGN KEY ("review_requested_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;
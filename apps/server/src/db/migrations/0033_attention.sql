CREATE TABLE "video_unplayable_reports" (
	"video_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"error_code" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_unplayable_reports_video_id_user_id_pk" PRIMARY KEY("video_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "ads_sessions" ADD COLUMN "hb_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ads_sessions" ADD COLUMN "hb_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads_sessions" ADD COLUMN "hb_position" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ads_sessions" ADD COLUMN "hb_qualifying" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ads_sessions" ADD COLUMN "ad_attested_ms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ads_sessions" ADD COLUMN "content_attested_ms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ads_sessions" ADD COLUMN "challenge_key" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "unplayable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "video_unplayable_reports" ADD CONSTRAINT "video_unplayable_reports_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_unplayable_reports" ADD CONSTRAINT "video_unplayable_reports_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ads_sessions_challenge_key_idx" ON "ads_sessions" USING btree ("challenge_key");--> statement-breakpoint
-- Proof of attention (ADR 046): vv_watch_complete gains p_challenge_key (after ADR 047's
-- p_hold_hours), so the previous signature is dropped here; its one current definition is in
-- db/functions/videos.sql (ADR 042).
DROP FUNCTION IF EXISTS vv_watch_complete(uuid, uuid, timestamptz, int, int, date, int, bigint, bigint, jsonb);

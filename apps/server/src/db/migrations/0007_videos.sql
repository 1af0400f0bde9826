CREATE TABLE "ads_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"status" text DEFAULT 'AD' NOT NULL,
	"ad_started_at" timestamp with time zone NOT NULL,
	"content_started_at" timestamp with time zone,
	"content_completed_at" timestamp with time zone,
	"credited" boolean DEFAULT false NOT NULL,
	"ledger_transaction_id" uuid,
	CONSTRAINT "ads_sessions_status_check" CHECK ("ads_sessions"."status" in ('AD', 'CONTENT', 'COMPLETED', 'ABANDONED'))
);
--> statement-breakpoint
CREATE TABLE "video_boosts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"cost_views" bigint NOT NULL,
	"ledger_transaction_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_boosts_period_check" CHECK ("video_boosts"."expires_at" > "video_boosts"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"youtube_url" text NOT NULL,
	"youtube_id" text NOT NULL,
	"country" text NOT NULL,
	"theme" text NOT NULL,
	"thumbnail_url" text NOT NULL,
	"watched_count" bigint DEFAULT 0 NOT NULL,
	"boosted_until" timestamp with time zone,
	"ledger_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_watched_count_check" CHECK ("videos"."watched_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "view_request_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "view_request_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "view_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" uuid NOT NULL,
	"daily_count" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"matched_with" uuid,
	"matched_request_id" uuid,
	"matched_at" timestamp with time zone,
	"ledger_transaction_id" uuid NOT NULL,
	"match_ledger_transaction_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "view_requests_status_check" CHECK ("view_requests"."status" in ('PENDING', 'MATCHED'))
);
--> statement-breakpoint
CREATE TABLE "watch_daily" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"credited" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "watch_daily_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "ads_sessions" ADD CONSTRAINT "ads_sessions_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads_sessions" ADD CONSTRAINT "ads_sessions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads_sessions" ADD CONSTRAINT "ads_sessions_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_boosts" ADD CONSTRAINT "video_boosts_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_boosts" ADD CONSTRAINT "video_boosts_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_boosts" ADD CONSTRAINT "video_boosts_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_request_days" ADD CONSTRAINT "view_request_days_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_requests" ADD CONSTRAINT "view_requests_requester_id_profiles_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_requests" ADD CONSTRAINT "view_requests_matched_with_profiles_id_fk" FOREIGN KEY ("matched_with") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_requests" ADD CONSTRAINT "view_requests_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_requests" ADD CONSTRAINT "view_requests_match_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("match_ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_daily" ADD CONSTRAINT "watch_daily_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ads_sessions_one_open_idx" ON "ads_sessions" USING btree ("user_id") WHERE "ads_sessions"."status" in ('AD', 'CONTENT');--> statement-breakpoint
CREATE INDEX "ads_sessions_credited_idx" ON "ads_sessions" USING btree ("user_id","video_id","content_completed_at") WHERE "ads_sessions"."credited";--> statement-breakpoint
CREATE INDEX "video_boosts_video_idx" ON "video_boosts" USING btree ("video_id","expires_at");--> statement-breakpoint
CREATE INDEX "videos_feed_idx" ON "videos" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "videos_feed_country_idx" ON "videos" USING btree ("country","created_at","id");--> statement-breakpoint
CREATE INDEX "videos_feed_theme_idx" ON "videos" USING btree ("theme","created_at","id");--> statement-breakpoint
CREATE INDEX "videos_feed_country_theme_idx" ON "videos" USING btree ("country","theme","created_at","id");--> statement-breakpoint
CREATE INDEX "videos_boosted_until_idx" ON "videos" USING btree ("boosted_until") WHERE "videos"."boosted_until" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "videos_user_youtube_idx" ON "videos" USING btree ("user_id","youtube_id");--> statement-breakpoint
CREATE INDEX "view_requests_pending_idx" ON "view_requests" USING btree ("created_at","id") WHERE "view_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "view_requests_requester_idx" ON "view_requests" USING btree ("requester_id","created_at");
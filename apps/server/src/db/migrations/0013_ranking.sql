CREATE TABLE "ranking_entries" (
	"period" text NOT NULL,
	"rank" integer NOT NULL,
	"profile_id" uuid NOT NULL,
	"username" text NOT NULL,
	"is_verified" boolean NOT NULL,
	"earned_views" bigint NOT NULL,
	"earned_usdt" bigint NOT NULL,
	"referral_count" integer NOT NULL,
	CONSTRAINT "ranking_entries_period_rank_pk" PRIMARY KEY("period","rank"),
	CONSTRAINT "ranking_entries_period_check" CHECK ("ranking_entries"."period" in ('week', 'month', 'all'))
);
--> statement-breakpoint
CREATE TABLE "ranking_summary" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"members" integer NOT NULL,
	"views_in_circulation" bigint NOT NULL,
	"usdt_volume" bigint NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "hidden_from_ranking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ranking_entries" ADD CONSTRAINT "ranking_entries_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ranking_entries_member_idx" ON "ranking_entries" USING btree ("period","profile_id");
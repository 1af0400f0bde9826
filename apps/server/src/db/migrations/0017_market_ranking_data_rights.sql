CREATE TABLE "market_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"views_quantity" bigint NOT NULL,
	"price_usdt_per_view" bigint NOT NULL,
	"total_price_usdt" bigint NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"buyer_id" uuid,
	"list_ledger_transaction_id" uuid NOT NULL,
	"close_ledger_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "market_offers_positive" CHECK ("market_offers"."views_quantity" > 0 and "market_offers"."price_usdt_per_view" > 0 and "market_offers"."total_price_usdt" = "market_offers"."views_quantity" * "market_offers"."price_usdt_per_view"),
	CONSTRAINT "market_offers_status_check" CHECK ("market_offers"."status" in ('OPEN', 'SOLD', 'CANCELLED')),
	CONSTRAINT "market_offers_buyer_check" CHECK (("market_offers"."status" = 'SOLD') = ("market_offers"."buyer_id" is not null) and "market_offers"."buyer_id" is distinct from "market_offers"."seller_id")
);
--> statement-breakpoint
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
ALTER TABLE "profiles" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "market_offers" ADD CONSTRAINT "market_offers_seller_id_profiles_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_offers" ADD CONSTRAINT "market_offers_buyer_id_profiles_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_entries" ADD CONSTRAINT "ranking_entries_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_offers_open_price_idx" ON "market_offers" USING btree ("price_usdt_per_view","created_at","id") WHERE "market_offers"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "market_offers_open_newest_idx" ON "market_offers" USING btree ("created_at","id") WHERE "market_offers"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "market_offers_seller_idx" ON "market_offers" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "market_offers_buyer_idx" ON "market_offers" USING btree ("buyer_id","closed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ranking_entries_member_idx" ON "ranking_entries" USING btree ("period","profile_id");
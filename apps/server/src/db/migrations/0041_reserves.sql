CREATE TABLE "reserve_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"trigger" text NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reserve_assets" (
	"snapshot_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"kind" text NOT NULL,
	"token" text NOT NULL,
	"block_number" numeric(30, 0) NOT NULL,
	"decimals" integer NOT NULL,
	"raw" numeric(78, 0) NOT NULL,
	"micro_usdt" bigint NOT NULL,
	"message" text NOT NULL,
	"signature" text,
	"counted" boolean NOT NULL,
	"explorer_url" text NOT NULL,
	CONSTRAINT "reserve_assets_snapshot_id_position_pk" PRIMARY KEY("snapshot_id","position")
);
--> statement-breakpoint
CREATE TABLE "reserve_leaves" (
	"snapshot_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"leaf_index" integer NOT NULL,
	"nonce" text NOT NULL,
	"balance" bigint NOT NULL,
	CONSTRAINT "reserve_leaves_snapshot_id_profile_id_pk" PRIMARY KEY("snapshot_id","profile_id"),
	CONSTRAINT "reserve_leaves_balance_check" CHECK ("reserve_leaves"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reserve_snapshots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"trigger" text NOT NULL,
	"taken_by" uuid,
	"root" text NOT NULL,
	"total_micro_usdt" bigint NOT NULL,
	"member_count" integer NOT NULL,
	"leaf_count" integer NOT NULL,
	"micro_usdt_per_view" bigint NOT NULL,
	"ledger_usdt" bigint NOT NULL,
	"ledger_views" bigint NOT NULL,
	"assets_micro_usdt" bigint NOT NULL,
	"read_ms" integer NOT NULL,
	"tree_ms" integer NOT NULL,
	CONSTRAINT "reserve_snapshots_total_check" CHECK ("reserve_snapshots"."total_micro_usdt" >= 0)
);
--> statement-breakpoint
ALTER TABLE "reserve_assets" ADD CONSTRAINT "reserve_assets_snapshot_id_reserve_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."reserve_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_leaves" ADD CONSTRAINT "reserve_leaves_snapshot_id_reserve_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."reserve_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_snapshots" ADD CONSTRAINT "reserve_snapshots_taken_by_profiles_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reserve_leaves_index_idx" ON "reserve_leaves" USING btree ("snapshot_id","leaf_index");--> statement-breakpoint
CREATE INDEX "reserve_snapshots_taken_idx" ON "reserve_snapshots" USING btree ("taken_at");
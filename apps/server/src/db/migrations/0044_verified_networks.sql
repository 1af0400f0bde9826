CREATE TABLE "payout_verified_networks" (
	"network" text PRIMARY KEY NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);

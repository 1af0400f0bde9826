-- vv_transfer and vv_referral_approve take the server's clock (p_now) like every other money
-- command: the old signatures go, db/functions/*.sql creates the new ones after the migrations.
DROP FUNCTION IF EXISTS vv_transfer(uuid, text, text, text, text, text, bigint, text);--> statement-breakpoint
DROP FUNCTION IF EXISTS vv_referral_approve(uuid, text, text, text, uuid, text, text, text, bigint);

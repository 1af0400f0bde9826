-- Lockstep across members (ADR 071, ADR 079): the completed sessions' index carries the ad and
-- content starts beside the completion time, so the lockstep read checks all three instants on
-- the index's entries and reads from the table only the sessions close on every one.
DROP INDEX "ads_sessions_completed_at_idx";--> statement-breakpoint
CREATE INDEX "ads_sessions_completed_at_idx" ON "ads_sessions" USING btree ("content_completed_at","ad_started_at","content_started_at") WHERE "ads_sessions"."status" = 'COMPLETED';
ALTER TABLE "view_requests" DROP CONSTRAINT "view_requests_status_check";--> statement-breakpoint
ALTER TABLE "view_requests" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "view_requests" ADD COLUMN "refund_ledger_transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "view_requests" ADD CONSTRAINT "view_requests_refund_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("refund_ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_requests" ADD CONSTRAINT "view_requests_status_check" CHECK ("view_requests"."status" in ('PENDING', 'MATCHED', 'CANCELLED'));
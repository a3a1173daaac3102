ALTER TABLE "withdrawals" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "resolved_by" varchar(80);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "resolution" varchar(200);
ALTER TABLE "operators" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "operators" CASCADE;--> statement-breakpoint
ALTER TABLE "sms_outbox" ALTER COLUMN "text" SET DATA TYPE text;
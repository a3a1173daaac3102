DROP INDEX "agent_bills_period_contract_uq";--> statement-breakpoint
ALTER TABLE "agent_bills" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_bills" ADD COLUMN "prior_status" varchar(12);--> statement-breakpoint
ALTER TABLE "agent_bills" ADD COLUMN "dispute_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "agent_bills" ADD COLUMN "disputed_by" varchar(60);--> statement-breakpoint
ALTER TABLE "agent_bills" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agent_bills" ADD COLUMN "resolution" varchar(500);--> statement-breakpoint
ALTER TABLE "agent_bills" ADD COLUMN "resolved_by" varchar(60);--> statement-breakpoint
ALTER TABLE "agent_bills" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agent_periods" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_bills_period_contract_uq" ON "agent_bills" USING btree ("period_id","contract_id","revision");
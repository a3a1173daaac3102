CREATE TABLE "agent_bills" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"period_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"payer_id" integer,
	"kind" varchar(12) NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"amount" bigint NOT NULL,
	"carry_out" bigint DEFAULT 0 NOT NULL,
	"calculation" jsonb NOT NULL,
	"depth" smallint NOT NULL,
	"status" varchar(12) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"transaction_id" bigint,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_bills_amount_not_negative" CHECK ("agent_bills"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "agent_contracts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agent_id" integer NOT NULL,
	"upline_id" integer,
	"kind" varchar(12) NOT NULL,
	"cycle" varchar(12) NOT NULL,
	"tiers" jsonb NOT NULL,
	"min_payout" bigint DEFAULT 0 NOT NULL,
	"status" varchar(12) NOT NULL,
	"offered_by" varchar(60) NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "agent_contracts_not_self" CHECK ("agent_contracts"."upline_id" is null or "agent_contracts"."upline_id" <> "agent_contracts"."agent_id")
);
--> statement-breakpoint
CREATE TABLE "agent_periods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(12) NOT NULL,
	"cycle" varchar(12) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" varchar(12) NOT NULL,
	"bills" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agent_bills" ADD CONSTRAINT "agent_bills_period_id_agent_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."agent_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_bills" ADD CONSTRAINT "agent_bills_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_agent_id_members_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_upline_id_members_id_fk" FOREIGN KEY ("upline_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_bills_period_contract_uq" ON "agent_bills" USING btree ("period_id","contract_id");--> statement-breakpoint
CREATE INDEX "agent_bills_agent_idx" ON "agent_bills" USING btree ("agent_id","kind","period_start");--> statement-breakpoint
CREATE INDEX "agent_bills_payer_idx" ON "agent_bills" USING btree ("payer_id","id");--> statement-breakpoint
CREATE INDEX "agent_bills_open_idx" ON "agent_bills" USING btree ("depth","id") WHERE "agent_bills"."status" in ('pending', 'unpaid');--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_active_uq" ON "agent_contracts" USING btree ("agent_id","kind") WHERE "agent_contracts"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_offered_uq" ON "agent_contracts" USING btree ("agent_id","kind") WHERE "agent_contracts"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "agent_contracts_upline_idx" ON "agent_contracts" USING btree ("upline_id","id");--> statement-breakpoint
CREATE INDEX "agent_contracts_kind_idx" ON "agent_contracts" USING btree ("kind","status");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_periods_uq" ON "agent_periods" USING btree ("kind","cycle","starts_at");--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_brin" ON "ledger_transactions" USING brin ("created_at");
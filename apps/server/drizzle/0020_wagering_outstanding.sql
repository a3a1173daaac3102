ALTER TABLE "ledger_accounts" ADD COLUMN "wagering_outstanding" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "wagering_change" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "wagering" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_wagering_not_negative" CHECK ("ledger_accounts"."wagering_outstanding" >= 0);
CREATE TABLE "sandbox_vendor_players" (
	"vendor" varchar(16) NOT NULL,
	"player_id" varchar(64) NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_vendor_players_vendor_player_id_pk" PRIMARY KEY("vendor","player_id"),
	CONSTRAINT "sandbox_vendor_players_not_negative" CHECK ("sandbox_vendor_players"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_vendor_transfers" (
	"vendor" varchar(16) NOT NULL,
	"ref" varchar(64) NOT NULL,
	"player_id" varchar(64) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"amount" bigint NOT NULL,
	"status" varchar(8) NOT NULL,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_vendor_transfers_vendor_ref_pk" PRIMARY KEY("vendor","ref")
);
--> statement-breakpoint
CREATE TABLE "wallet_transfers" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"vendor" varchar(16) NOT NULL,
	"direction" varchar(12) NOT NULL,
	"amount" bigint NOT NULL,
	"status" varchar(10) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" varchar(500),
	"request_key" varchar(64) NOT NULL,
	"batch_key" varchar(64),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_transfers_amount_positive" CHECK ("wallet_transfers"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transfers_member_request_uq" ON "wallet_transfers" USING btree ("member_id","request_key");--> statement-breakpoint
CREATE INDEX "wallet_transfers_pending_idx" ON "wallet_transfers" USING btree ("created_at") WHERE "wallet_transfers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "wallet_transfers_member_idx" ON "wallet_transfers" USING btree ("member_id","created_at");
CREATE TABLE "deposit_slips" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"deposit_id" varchar(40) NOT NULL,
	"member_id" integer NOT NULL,
	"mime" varchar(20) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"channel_code" varchar(40) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" varchar(20) NOT NULL,
	"day_key" varchar(10) NOT NULL,
	"member_reference" varchar(60),
	"transferred_at" timestamp with time zone,
	"adapter" varchar(40),
	"psp_reference" varchar(80),
	"decided_by" varchar(80),
	"reason" varchar(200),
	"ledger_transaction_id" varchar(64),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_channels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(40) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"name_th" varchar(80) NOT NULL,
	"name_en" varchar(80) NOT NULL,
	"bank_code" varchar(20),
	"account_number" varchar(40),
	"account_name" varchar(120),
	"adapter" varchar(40),
	"min_minor" bigint NOT NULL,
	"max_minor" bigint NOT NULL,
	"daily_limit_minor" bigint NOT NULL,
	"status" varchar(20) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psp_callbacks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "psp_callbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"adapter" varchar(40) NOT NULL,
	"reference" varchar(80) NOT NULL,
	"body_hash" varchar(64) NOT NULL,
	"status" varchar(20) NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_payments" (
	"reference" varchar(80) PRIMARY KEY NOT NULL,
	"merchant_reference" varchar(40) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(20) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"template" varchar(40) NOT NULL,
	"params" jsonb NOT NULL,
	"outbox_id" uuid NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "deposit_slips_deposit_idx" ON "deposit_slips" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "deposits_member_idx" ON "deposits" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_status_idx" ON "deposits" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "deposits_daily_idx" ON "deposits" USING btree ("member_id","channel_id","day_key");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_psp_ref_idx" ON "deposits" USING btree ("adapter","psp_reference") WHERE psp_reference is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_channels_code_idx" ON "payment_channels" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "psp_callbacks_ref_idx" ON "psp_callbacks" USING btree ("adapter","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "member_messages_outbox_idx" ON "member_messages" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "member_messages_member_idx" ON "member_messages" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "member_messages_unread_idx" ON "member_messages" USING btree ("member_id") WHERE read_at is null;
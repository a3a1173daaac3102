CREATE TABLE "ops_api_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ops_api_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"operator_id" integer NOT NULL,
	"name" varchar(80) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ops_audit_log" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"operator_id" integer,
	"username" varchar(80) NOT NULL,
	"action" varchar(60) NOT NULL,
	"target" varchar(200) NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" varchar(64) NOT NULL,
	"user_agent" varchar(300) NOT NULL,
	"request_id" varchar(100) NOT NULL,
	"prev_hash" varchar(64) NOT NULL,
	"hash" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ops_operators" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ops_operators_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" varchar(40) NOT NULL,
	"display_name" varchar(80) NOT NULL,
	"role" varchar(20) NOT NULL,
	"status" varchar(20) DEFAULT 'active' NOT NULL,
	"password_hash" varchar(255),
	"totp_secret" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ops_api_tokens" ADD CONSTRAINT "ops_api_tokens_operator_id_ops_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."ops_operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ops_api_tokens_hash_uq" ON "ops_api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "ops_api_tokens_operator_idx" ON "ops_api_tokens" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ops_operators_username_uq" ON "ops_operators" USING btree ("username");
CREATE TABLE "ops_approvals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ops_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"action" varchar(60) NOT NULL,
	"target" varchar(200) NOT NULL,
	"payload" jsonb NOT NULL,
	"reason" varchar(500) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"requested_by_id" integer,
	"requested_by" varchar(80) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_by_id" integer,
	"decided_by" varchar(80),
	"decided_at" timestamp with time zone,
	"decision_note" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "ops_console_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ops_console_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"operator_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"stage" varchar(20) NOT NULL,
	"pending_totp_secret" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64) NOT NULL,
	"user_agent" varchar(300) DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ops_operators" ADD COLUMN "totp_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ops_operators" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "ops_operators" ADD COLUMN "password_must_change" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ops_approvals" ADD CONSTRAINT "ops_approvals_requested_by_id_ops_operators_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."ops_operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ops_approvals" ADD CONSTRAINT "ops_approvals_decided_by_id_ops_operators_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."ops_operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ops_console_sessions" ADD CONSTRAINT "ops_console_sessions_operator_id_ops_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."ops_operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ops_approvals_status_idx" ON "ops_approvals" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ops_console_sessions_hash_uq" ON "ops_console_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "ops_console_sessions_operator_idx" ON "ops_console_sessions" USING btree ("operator_id");
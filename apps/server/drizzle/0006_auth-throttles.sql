CREATE TABLE "auth_throttles" (
	"kind" varchar(20) NOT NULL,
	"subject" varchar(80) NOT NULL,
	"source" varchar(64) DEFAULT '' NOT NULL,
	"failures" integer NOT NULL,
	"first_failure_at" timestamp with time zone NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "auth_throttles_kind_subject_source_pk" PRIMARY KEY("kind","subject","source")
);
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "auth_throttles_last_idx" ON "auth_throttles" USING btree ("last_failure_at");
CREATE TABLE "agent_member_days" (
	"member_id" integer NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_member_days_member_id_day_pk" PRIMARY KEY("member_id","day")
);
--> statement-breakpoint
CREATE INDEX "agent_member_days_day_idx" ON "agent_member_days" USING btree ("day");
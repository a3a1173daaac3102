CREATE TABLE "agent_member_activity" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"week" timestamp with time zone NOT NULL,
	"month" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_rollup_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"rolled_to" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_team_sizes" (
	"agent_id" integer PRIMARY KEY NOT NULL,
	"members" integer NOT NULL,
	"direct_members" integer NOT NULL,
	"agents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_team_stats" (
	"agent_id" integer NOT NULL,
	"cycle" varchar(8) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"new_members" integer DEFAULT 0 NOT NULL,
	"active_members" integer DEFAULT 0 NOT NULL,
	"first_deposits" integer DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_team_stats_agent_id_cycle_starts_at_pk" PRIMARY KEY("agent_id","cycle","starts_at")
);

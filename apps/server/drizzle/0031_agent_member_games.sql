CREATE TABLE "agent_member_games" (
	"member_id" integer NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"game_type" varchar(12) NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_member_games_member_id_day_game_type_pk" PRIMARY KEY("member_id","day","game_type")
);
--> statement-breakpoint
CREATE INDEX "agent_member_games_day_idx" ON "agent_member_games" USING btree ("day");
CREATE TABLE "house_lotto_draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_code" text NOT NULL,
	"draw_no" text NOT NULL,
	"lock_at" timestamp with time zone NOT NULL,
	"close_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"beacon_chain" text,
	"beacon_round" bigint,
	"void_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"published_version" integer DEFAULT 0 NOT NULL,
	"settle_cursor" text,
	"settle_computed_at" timestamp with time zone,
	"changed_by" text,
	"changed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "house_lotto_exposure" (
	"draw_id" integer NOT NULL,
	"bet_key" text NOT NULL,
	"liability" bigint NOT NULL,
	CONSTRAINT "house_lotto_exposure_draw_id_bet_key_pk" PRIMARY KEY("draw_id","bet_key")
);
--> statement-breakpoint
CREATE TABLE "house_lotto_games" (
	"code" text PRIMARY KEY NOT NULL,
	"region" text NOT NULL,
	"format" text NOT NULL,
	"time_zone" text NOT NULL,
	"names" jsonb NOT NULL,
	"schedule" jsonb NOT NULL,
	"close_seconds_before" integer NOT NULL,
	"lock_seconds" integer NOT NULL,
	"rates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"min_stake" bigint DEFAULT 100 NOT NULL,
	"max_stake" bigint DEFAULT 10000000 NOT NULL,
	"exposure_cap" bigint DEFAULT 100000000 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "house_lotto_ops_requests" (
	"request_id" text PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"operator" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "house_lotto_restricted" (
	"game_code" text NOT NULL,
	"bet_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "house_lotto_restricted_game_code_bet_key_pk" PRIMARY KEY("game_code","bet_key")
);
--> statement-breakpoint
CREATE TABLE "house_lotto_results" (
	"draw_id" integer PRIMARY KEY NOT NULL,
	"result" jsonb NOT NULL,
	"source" text NOT NULL,
	"beacon_signature" text,
	"status" text NOT NULL,
	"entered_by" text NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"confirmed_by" text,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "house_lotto_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"draw_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"player_id" integer NOT NULL,
	"platform_player_id" text NOT NULL,
	"currency" text NOT NULL,
	"platform_session" text NOT NULL,
	"bets" jsonb NOT NULL,
	"cost" bigint NOT NULL,
	"win" bigint,
	"status" text NOT NULL,
	"void_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "house_lotto_wins" (
	"ticket_id" text PRIMARY KEY NOT NULL,
	"draw_id" integer NOT NULL,
	"win" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "house_lotto_draws" ADD CONSTRAINT "house_lotto_draws_game_code_house_lotto_games_code_fk" FOREIGN KEY ("game_code") REFERENCES "public"."house_lotto_games"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_lotto_exposure" ADD CONSTRAINT "house_lotto_exposure_draw_id_house_lotto_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."house_lotto_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_lotto_restricted" ADD CONSTRAINT "house_lotto_restricted_game_code_house_lotto_games_code_fk" FOREIGN KEY ("game_code") REFERENCES "public"."house_lotto_games"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_lotto_results" ADD CONSTRAINT "house_lotto_results_draw_id_house_lotto_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."house_lotto_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_lotto_tickets" ADD CONSTRAINT "house_lotto_tickets_draw_id_house_lotto_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."house_lotto_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_lotto_tickets" ADD CONSTRAINT "house_lotto_tickets_player_id_house_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."house_players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "house_lotto_draws_game_no" ON "house_lotto_draws" USING btree ("game_code","draw_no");--> statement-breakpoint
CREATE INDEX "house_lotto_draws_time" ON "house_lotto_draws" USING btree ("draw_at");--> statement-breakpoint
CREATE INDEX "house_lotto_draws_pending" ON "house_lotto_draws" USING btree ("status","draw_at") WHERE status in ('scheduled', 'resulted');--> statement-breakpoint
CREATE INDEX "house_lotto_draws_unpublished" ON "house_lotto_draws" USING btree ("id") WHERE version > published_version;--> statement-breakpoint
CREATE INDEX "house_lotto_tickets_draw" ON "house_lotto_tickets" USING btree ("draw_id","id");--> statement-breakpoint
CREATE INDEX "house_lotto_tickets_unfinished" ON "house_lotto_tickets" USING btree ("draw_id","id") WHERE status in ('open', 'accepted');--> statement-breakpoint
CREATE INDEX "house_lotto_tickets_player_time" ON "house_lotto_tickets" USING btree ("player_id","created_at");
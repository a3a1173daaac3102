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
	"changed_by" text,
	"changed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
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
	"created_at" timestamp with time zone NOT NULL
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
ALTER TABLE "house_lotto_draws" ADD CONSTRAINT "house_lotto_draws_game_code_house_lotto_games_code_fk" FOREIGN KEY ("game_code") REFERENCES "public"."house_lotto_games"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_lotto_results" ADD CONSTRAINT "house_lotto_results_draw_id_house_lotto_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."house_lotto_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "house_lotto_draws_game_no" ON "house_lotto_draws" USING btree ("game_code","draw_no");--> statement-breakpoint
CREATE INDEX "house_lotto_draws_time" ON "house_lotto_draws" USING btree ("draw_at");--> statement-breakpoint
CREATE INDEX "house_lotto_draws_pending" ON "house_lotto_draws" USING btree ("status","draw_at") WHERE status in ('scheduled', 'resulted');
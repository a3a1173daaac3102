CREATE TABLE "house_players" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_player_id" text NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "house_players_platform_player_id_unique" UNIQUE("platform_player_id")
);
--> statement-breakpoint
CREATE TABLE "house_rounds" (
	"id" text PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"platform_player_id" text NOT NULL,
	"currency" text NOT NULL,
	"platform_session" text NOT NULL,
	"game_code" text NOT NULL,
	"seed_pair_id" integer NOT NULL,
	"nonce" integer NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"line_bet" bigint NOT NULL,
	"total_bet" bigint NOT NULL,
	"win" bigint NOT NULL,
	"outcome" jsonb NOT NULL,
	"status" text NOT NULL,
	"void_reason" text,
	"balance_after" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "house_seed_pairs" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "house_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"platform_session" text NOT NULL,
	"game_code" text NOT NULL,
	"language" text NOT NULL,
	"return_url" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "house_rounds" ADD CONSTRAINT "house_rounds_player_id_house_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."house_players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_rounds" ADD CONSTRAINT "house_rounds_seed_pair_id_house_seed_pairs_id_fk" FOREIGN KEY ("seed_pair_id") REFERENCES "public"."house_seed_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_seed_pairs" ADD CONSTRAINT "house_seed_pairs_player_id_house_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."house_players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_sessions" ADD CONSTRAINT "house_sessions_player_id_house_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."house_players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "house_rounds_pair_nonce" ON "house_rounds" USING btree ("seed_pair_id","nonce");--> statement-breakpoint
CREATE INDEX "house_rounds_player_time" ON "house_rounds" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "house_rounds_unsettled" ON "house_rounds" USING btree ("status") WHERE status in ('open', 'bet_ok');--> statement-breakpoint
CREATE UNIQUE INDEX "house_seed_pairs_one_active" ON "house_seed_pairs" USING btree ("player_id") WHERE status = 'active';
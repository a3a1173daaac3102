CREATE TABLE "game_favorites" (
	"member_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_favorites_member_id_node_id_pk" PRIMARY KEY("member_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "game_recents" (
	"member_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"launched_at" timestamp with time zone NOT NULL,
	"launches" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "game_recents_member_id_node_id_pk" PRIMARY KEY("member_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "game_wins" (
	"ledger_tx_id" bigint PRIMARY KEY NOT NULL,
	"vendor_code" varchar(16) NOT NULL,
	"game_code" varchar(120) NOT NULL,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"won_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"node_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "games_node_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vendor_code" varchar(16) NOT NULL,
	"game_code" varchar(64) NOT NULL,
	"game_type" varchar(12) NOT NULL,
	"name_th" varchar(100) NOT NULL,
	"name_en" varchar(100) NOT NULL,
	"classification" varchar(32) NOT NULL,
	"min_bet" bigint NOT NULL,
	"lines" integer NOT NULL,
	"thumbnail_url" varchar(1000) NOT NULL,
	"is_hot" boolean NOT NULL,
	"free_play" boolean NOT NULL,
	"status" varchar(12) NOT NULL,
	"ops_status" varchar(12),
	"ops_hot" boolean,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "game_favorites" ADD CONSTRAINT "game_favorites_node_id_games_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."games"("node_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_recents" ADD CONSTRAINT "game_recents_node_id_games_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."games"("node_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_vendor_code_vendor_registry_code_fk" FOREIGN KEY ("vendor_code") REFERENCES "public"."vendor_registry"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_favorites_member_idx" ON "game_favorites" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "game_recents_member_idx" ON "game_recents" USING btree ("member_id","launched_at");--> statement-breakpoint
CREATE INDEX "game_recents_launched_idx" ON "game_recents" USING btree ("launched_at");--> statement-breakpoint
CREATE INDEX "game_wins_won_at_idx" ON "game_wins" USING btree ("won_at");--> statement-breakpoint
CREATE INDEX "game_wins_amount_idx" ON "game_wins" USING btree ("amount") WHERE "game_wins"."amount" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "games_vendor_code_uq" ON "games" USING btree ("vendor_code","game_code");--> statement-breakpoint
CREATE INDEX "games_type_idx" ON "games" USING btree ("game_type","vendor_code");
CREATE TABLE "lotto_draws" (
	"vendor_code" varchar(16) NOT NULL,
	"game_code" varchar(64) NOT NULL,
	"draw_no" varchar(11) NOT NULL,
	"lock_at" timestamp with time zone NOT NULL,
	"close_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"status" varchar(12) NOT NULL,
	"result" json,
	"result_source" varchar(200),
	"beacon_chain" varchar(16),
	"beacon_round" bigint,
	"beacon_signature" varchar(96),
	"version" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lotto_draws_vendor_code_game_code_draw_no_pk" PRIMARY KEY("vendor_code","game_code","draw_no"),
	CONSTRAINT "lotto_draws_version_positive" CHECK ("lotto_draws"."version" >= 1),
	CONSTRAINT "lotto_draws_times_ordered" CHECK ("lotto_draws"."lock_at" <= "lotto_draws"."close_at" and "lotto_draws"."close_at" <= "lotto_draws"."draw_at")
);
--> statement-breakpoint
CREATE TABLE "lotto_games" (
	"vendor_code" varchar(16) NOT NULL,
	"game_code" varchar(64) NOT NULL,
	"region" varchar(12) NOT NULL,
	"format" varchar(12) NOT NULL,
	"time_zone" varchar(40) NOT NULL,
	"name_th" varchar(100) NOT NULL,
	"name_en" varchar(100) NOT NULL,
	"name_vi" varchar(100),
	"draw_days" jsonb NOT NULL,
	"enabled" boolean NOT NULL,
	"sort" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lotto_games_vendor_code_game_code_pk" PRIMARY KEY("vendor_code","game_code")
);
--> statement-breakpoint
ALTER TABLE "lotto_draws" ADD CONSTRAINT "lotto_draws_game_fk" FOREIGN KEY ("vendor_code","game_code") REFERENCES "public"."lotto_games"("vendor_code","game_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotto_games" ADD CONSTRAINT "lotto_games_vendor_code_vendor_registry_code_fk" FOREIGN KEY ("vendor_code") REFERENCES "public"."vendor_registry"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lotto_draws_open_idx" ON "lotto_draws" USING btree ("vendor_code","game_code","lock_at") WHERE "lotto_draws"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "lotto_draws_history_idx" ON "lotto_draws" USING btree ("vendor_code","game_code","draw_at");
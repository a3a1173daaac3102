CREATE TABLE "lotto_missions" (
	"code" varchar(32) PRIMARY KEY NOT NULL,
	"period" varchar(8) NOT NULL,
	"measure" varchar(8) NOT NULL,
	"target" bigint NOT NULL,
	"title_th" varchar(100) NOT NULL,
	"title_en" varchar(100) NOT NULL,
	"sort" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lotto_missions_period" CHECK ("lotto_missions"."period" in ('DAILY', 'WEEKLY')),
	CONSTRAINT "lotto_missions_measure" CHECK ("lotto_missions"."measure" in ('TICKETS', 'STAKE', 'GAMES')),
	CONSTRAINT "lotto_missions_target_positive" CHECK ("lotto_missions"."target" > 0)
);
--> statement-breakpoint
-- The default missions (docs/adr/0097): product defaults, not demo data.
INSERT INTO "lotto_missions" ("code", "period", "measure", "target", "title_th", "title_en", "sort") VALUES
	('DAILY_TICKETS', 'DAILY', 'TICKETS', 3, 'ซื้อหวย 3 ใบวันนี้', 'Buy 3 lottery tickets today', 1),
	('DAILY_STAKE', 'DAILY', 'STAKE', 10000, 'แทงหวยครบ ฿100 วันนี้', 'Stake ฿100 on the lottery today', 2),
	('WEEKLY_GAMES', 'WEEKLY', 'GAMES', 3, 'เล่นหวย 3 ชนิดในสัปดาห์นี้', 'Play 3 different lotteries this week', 3),
	('WEEKLY_STAKE', 'WEEKLY', 'STAKE', 100000, 'แทงหวยครบ ฿1,000 ในสัปดาห์นี้', 'Stake ฿1,000 on the lottery this week', 4);

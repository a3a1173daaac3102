ALTER TABLE "games" ADD COLUMN "ops_sort" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "rtp" varchar(12);--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "volatility" varchar(12);--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_ops_sort_range" CHECK ("games"."ops_sort" is null or "games"."ops_sort" between 0 and 9999);
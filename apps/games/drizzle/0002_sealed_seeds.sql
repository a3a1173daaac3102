ALTER TABLE "house_seed_pairs" ALTER COLUMN "server_seed" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "house_seed_pairs" ALTER COLUMN "client_seed" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "house_seed_pairs" ADD COLUMN "seed_salt" text;--> statement-breakpoint
ALTER TABLE "house_seed_pairs" ADD COLUMN "seed_key_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "house_seed_pairs_one_next" ON "house_seed_pairs" USING btree ("player_id") WHERE status = 'next';--> statement-breakpoint
-- Issue 23 #5: a pair an earlier version stored with its server seed in clear is readable by anyone
-- with the database; it is revealed now (the player can verify its rounds) and the next play opens
-- sealed pairs (house-service ensurePairs).
UPDATE "house_seed_pairs" SET "status" = 'revealed', "revealed_at" = now() WHERE "status" = 'active' AND "seed_salt" IS NULL;

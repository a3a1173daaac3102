DROP INDEX "server_keys_purpose_uq";--> statement-breakpoint
ALTER TABLE "server_keys" ADD COLUMN "state" varchar(10) DEFAULT 'current' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "server_keys_current_uq" ON "server_keys" USING btree ("purpose") WHERE "server_keys"."state" = 'current';
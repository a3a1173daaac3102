ALTER TABLE "payment_channels" ADD COLUMN "opens_at" varchar(5);--> statement-breakpoint
ALTER TABLE "payment_channels" ADD COLUMN "closes_at" varchar(5);--> statement-breakpoint
CREATE INDEX "deposits_created_idx" ON "deposits" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "deposits_kind_idx" ON "deposits" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "deposits_amount_idx" ON "deposits" USING btree ("amount_minor","created_at");--> statement-breakpoint
CREATE INDEX "deposits_member_reference_idx" ON "deposits" USING btree (lower("member_reference")) WHERE member_reference is not null;--> statement-breakpoint
CREATE INDEX "deposits_psp_reference_lower_idx" ON "deposits" USING btree (lower("psp_reference")) WHERE psp_reference is not null;--> statement-breakpoint
ALTER TABLE "payment_channels" ADD CONSTRAINT "payment_channels_hours" CHECK (("payment_channels"."opens_at" is null and "payment_channels"."closes_at" is null) or ("payment_channels"."opens_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "payment_channels"."closes_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "payment_channels"."opens_at" <> "payment_channels"."closes_at"));
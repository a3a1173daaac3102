CREATE TABLE "sms_alarms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_alarms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scope" varchar(20) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"sent" integer NOT NULL,
	"limit" integer NOT NULL,
	"raised_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "members_email_uq";--> statement-breakpoint
ALTER TABLE "sms_codes" ADD COLUMN "dial" varchar(4);--> statement-breakpoint
CREATE UNIQUE INDEX "sms_alarms_scope_window_uq" ON "sms_alarms" USING btree ("scope","window_start");--> statement-breakpoint
CREATE INDEX "sms_alarms_raised_idx" ON "sms_alarms" USING btree ("raised_at");--> statement-breakpoint
CREATE INDEX "members_email_idx" ON "members" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "sms_codes_dial_idx" ON "sms_codes" USING btree ("dial","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_created_idx" ON "sms_codes" USING btree ("created_at");--> statement-breakpoint
-- The password floor (ADR 0021): a site still on the rule shipped before it (pattern 12, 6-20) moves to
-- the floor's shape; a rule an operator changed is left alone (the floor applies on top of it anyway).
UPDATE "site_config" SET "value" = jsonb_set(jsonb_set("value", '{password}', '{"enabled":true,"required":true,"patternId":0,"minLength":8,"maxLength":128,"acceptedPattern":"*"}'), '{confirmPassword}', '{"enabled":true,"required":true,"patternId":0,"minLength":8,"maxLength":128,"acceptedPattern":"*"}') WHERE "key" = 'register' AND "value"->'password'->>'patternId' = '12' AND "value"->'password'->>'minLength' = '6' AND "value"->'password'->>'maxLength' = '20';

CREATE TABLE "vendor_launch_tokens" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"vendor_code" varchar(16) NOT NULL,
	"member_id" integer NOT NULL,
	"game_code" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_registry" (
	"code" varchar(16) PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	"game_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"wallet_mode" varchar(10) DEFAULT 'seamless' NOT NULL,
	"launch_url" varchar(1000) NOT NULL,
	"api_base_url" varchar(1000),
	"secret_sealed" varchar(400) NOT NULL,
	"status" varchar(12) DEFAULT 'active' NOT NULL,
	"currency" varchar(3) DEFAULT 'THB' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_sessions" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"vendor_code" varchar(16) NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendor_launch_tokens" ADD CONSTRAINT "vendor_launch_tokens_vendor_code_vendor_registry_code_fk" FOREIGN KEY ("vendor_code") REFERENCES "public"."vendor_registry"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_sessions" ADD CONSTRAINT "vendor_sessions_vendor_code_vendor_registry_code_fk" FOREIGN KEY ("vendor_code") REFERENCES "public"."vendor_registry"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_launch_tokens_expires_idx" ON "vendor_launch_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "vendor_sessions_last_used_idx" ON "vendor_sessions" USING btree ("last_used_at");
CREATE TABLE "media_image_variants" (
	"image_id" integer NOT NULL,
	"width" integer NOT NULL,
	"format" varchar(8) NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "media_image_variants_image_id_width_format_pk" PRIMARY KEY("image_id","width","format")
);
--> statement-breakpoint
CREATE TABLE "media_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" varchar(64) NOT NULL,
	"mime" varchar(20) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_by" varchar(60) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_images_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "start_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "end_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_image_variants" ADD CONSTRAINT "media_image_variants_image_id_media_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media_images"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "upload_quota" (
	"member_id" integer NOT NULL,
	"day_key" varchar(10) NOT NULL,
	"bytes" bigint NOT NULL,
	CONSTRAINT "upload_quota_member_id_day_key_pk" PRIMARY KEY("member_id","day_key")
);

CREATE TABLE "house_jackpot_shards" (
	"currency" text NOT NULL,
	"shard" integer NOT NULL,
	"milli" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "house_jackpot_shards_currency_shard_pk" PRIMARY KEY("currency","shard")
);

CREATE TABLE "adopted_tokens" (
	"chain_id" bigint NOT NULL,
	"address" text NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"decimals" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adopted_tokens_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);

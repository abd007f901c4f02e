ALTER TABLE "gasless_orders" ADD COLUMN "mined_block_number" bigint;--> statement-breakpoint
ALTER TABLE "gasless_orders" ADD COLUMN "mined_block_hash" text;--> statement-breakpoint
ALTER TABLE "gasless_orders" ADD COLUMN "final_at" timestamp with time zone;--> statement-breakpoint
-- Orders ended before this migration were never checked against the chain: kept as they are (history).
UPDATE "gasless_orders" SET "final_at" = coalesce("completed_at", "failed_at", "canceled_at", now()) WHERE "status" in ('completed', 'failed', 'cancelled');--> statement-breakpoint
-- Duplicate nonces of in-flight orders (the relayer's old bug): only one can mine; the others keep their signed
-- transaction (the relayer reads its nonce from it) but leave the unique index.
UPDATE "gasless_orders" SET "tx_nonce" = NULL WHERE "id" IN (SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "chain_id", "relayer", "tx_nonce" ORDER BY "created_at", "id") AS "rn" FROM "gasless_orders" WHERE "tx_nonce" IS NOT NULL AND "final_at" IS NULL) AS "d" WHERE "rn" > 1);--> statement-breakpoint
CREATE UNIQUE INDEX "gasless_orders_tx_nonce_uq" ON "gasless_orders" USING btree ("chain_id","relayer","tx_nonce") WHERE "gasless_orders"."tx_nonce" is not null and "gasless_orders"."final_at" is null;--> statement-breakpoint
CREATE INDEX "gasless_orders_unfinal_idx" ON "gasless_orders" USING btree ("chain_id") WHERE "gasless_orders"."mined_block_hash" is not null and "gasless_orders"."final_at" is null;
ALTER TABLE "gasless_orders" ADD COLUMN "token_permit" jsonb;

CREATE TABLE "deposit_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_chain_id" bigint NOT NULL,
	"memo" text NOT NULL,
	"vault" text NOT NULL,
	"amount_in" numeric(78, 0) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sender" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cross_trades" ADD COLUMN "refund_address" text;--> statement-breakpoint
ALTER TABLE "cross_trades" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cross_trades" ADD COLUMN "quoted_amount_in" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "cross_trades" ADD COLUMN "quote_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "deposit_quotes_memo_idx" ON "deposit_quotes" USING btree ("source_chain_id","memo","created_at");
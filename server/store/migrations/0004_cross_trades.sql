CREATE TABLE "cross_trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" text NOT NULL,
	"source_chain_id" bigint NOT NULL,
	"destination_chain_id" bigint NOT NULL,
	"origin_tx_hash" text NOT NULL,
	"block_number" bigint,
	"block_hash" text,
	"block_timestamp" timestamp with time zone,
	"sender" text,
	"receiver" text,
	"token_in" text,
	"token_out" text,
	"amount_in" numeric(78, 0),
	"fee_amount" numeric(78, 0),
	"tx_to" text,
	"gas_used" numeric(78, 0),
	"gas_price" numeric(78, 0),
	"company_id" uuid,
	"state" text NOT NULL,
	"destination_tx_hash" text,
	"amount_received" numeric(78, 0),
	"token_received" text,
	"received_different_tokens" boolean DEFAULT false NOT NULL,
	"refunded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cross_trades" ADD CONSTRAINT "cross_trades_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cross_trades_origin_uq" ON "cross_trades" USING btree ("source_chain_id","origin_tx_hash");--> statement-breakpoint
CREATE INDEX "cross_trades_origin_hash_idx" ON "cross_trades" USING btree ("origin_tx_hash");--> statement-breakpoint
CREATE INDEX "cross_trades_open_idx" ON "cross_trades" USING btree ("state","updated_at");--> statement-breakpoint
CREATE INDEX "cross_trades_company_idx" ON "cross_trades" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "cross_trades_chain_block_idx" ON "cross_trades" USING btree ("source_chain_id","block_number");
CREATE TABLE "gasless_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain_id" bigint NOT NULL,
	"owner" text NOT NULL,
	"receiver" text NOT NULL,
	"src_token" text NOT NULL,
	"dst_token" text NOT NULL,
	"amount_in" numeric(78, 0) NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"amount_out_min" numeric(78, 0) NOT NULL,
	"deadline" bigint NOT NULL,
	"trade_hash" text NOT NULL,
	"nonce" numeric(78, 0) NOT NULL,
	"signature" text NOT NULL,
	"steps" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_msg" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"lease_until" timestamp with time zone,
	"relayer" text,
	"tx_nonce" bigint,
	"signed_tx" text,
	"tx_hash" text,
	"quoted_amount_out" numeric(78, 0),
	"amount_out" numeric(78, 0),
	"fee_taken" numeric(78, 0),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"canceled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gasless_relayer_nonces" (
	"chain_id" bigint NOT NULL,
	"address" text NOT NULL,
	"next_nonce" bigint NOT NULL,
	CONSTRAINT "gasless_relayer_nonces_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "gasless_orders_owner_nonce_uq" ON "gasless_orders" USING btree ("chain_id","owner","nonce");--> statement-breakpoint
CREATE INDEX "gasless_orders_owner_idx" ON "gasless_orders" USING btree ("owner","created_at");--> statement-breakpoint
CREATE INDEX "gasless_orders_work_idx" ON "gasless_orders" USING btree ("chain_id","status","next_attempt_at");
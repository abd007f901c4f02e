CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"integrator_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_name_unique" UNIQUE("name"),
	CONSTRAINT "companies_integrator_id_unique" UNIQUE("integrator_id")
);
--> statement-breakpoint
CREATE TABLE "error_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"api_key_id" uuid,
	"input_data" text,
	"value" numeric(78, 0),
	"sender" text,
	"to_address" text,
	"chain_id" bigint,
	"block_number" bigint,
	"transaction_hash" text,
	"request_ip" text,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_buckets" (
	"bucket_key" text NOT NULL,
	"window_start_ms" bigint NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_buckets_bucket_key_window_start_ms_pk" PRIMARY KEY("bucket_key","window_start_ms")
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain_id" bigint NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"block_timestamp" timestamp with time zone NOT NULL,
	"sender" text NOT NULL,
	"receiver" text NOT NULL,
	"token_in" text NOT NULL,
	"token_out" text NOT NULL,
	"amount_in" numeric(78, 0) NOT NULL,
	"amount_out" numeric(78, 0) NOT NULL,
	"fee_amount" numeric(78, 0) NOT NULL,
	"integrator_id" text NOT NULL,
	"company_id" uuid,
	"tx_from" text NOT NULL,
	"tx_to" text,
	"gas_used" numeric(78, 0) NOT NULL,
	"gas_price" numeric(78, 0) NOT NULL,
	"status" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watcher_cursors" (
	"chain_id" bigint PRIMARY KEY NOT NULL,
	"last_block" bigint NOT NULL,
	"last_block_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_registrations" ADD CONSTRAINT "error_registrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_registrations" ADD CONSTRAINT "error_registrations_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_company_idx" ON "api_keys" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "api_keys_prefix_idx" ON "api_keys" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "error_registrations_company_idx" ON "error_registrations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trades_chain_tx_log_uq" ON "trades" USING btree ("chain_id","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "trades_company_time_idx" ON "trades" USING btree ("company_id","block_timestamp");--> statement-breakpoint
CREATE INDEX "trades_chain_block_idx" ON "trades" USING btree ("chain_id","block_number");
ALTER TABLE "gasless_orders" ADD COLUMN "gas_cost_wei" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "gasless_orders" ADD COLUMN "gas_cost_in_src" numeric(78, 0);
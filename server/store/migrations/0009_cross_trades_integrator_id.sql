ALTER TABLE "cross_trades" ADD COLUMN "integrator_id" text;--> statement-breakpoint
CREATE INDEX "cross_trades_integrator_idx" ON "cross_trades" USING btree ("source_chain_id","integrator_id");
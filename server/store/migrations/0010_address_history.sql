CREATE INDEX "cross_trades_sender_lower_idx" ON "cross_trades" USING btree (lower("sender"));--> statement-breakpoint
CREATE INDEX "cross_trades_receiver_lower_idx" ON "cross_trades" USING btree (lower("receiver"));--> statement-breakpoint
CREATE INDEX "gasless_orders_owner_lower_idx" ON "gasless_orders" USING btree (lower("owner"));--> statement-breakpoint
CREATE INDEX "gasless_orders_receiver_lower_idx" ON "gasless_orders" USING btree (lower("receiver"));--> statement-breakpoint
CREATE INDEX "trades_sender_lower_idx" ON "trades" USING btree (lower("sender"));--> statement-breakpoint
CREATE INDEX "trades_receiver_lower_idx" ON "trades" USING btree (lower("receiver"));
ALTER TABLE "supplier_ranking_totals" ADD COLUMN "counted_suppliers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_ranking_totals" ADD COLUMN "leading_suppliers" integer;--> statement-breakpoint
ALTER TABLE "supplier_ranking_totals" ADD COLUMN "above_average_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_ranking_totals" ADD COLUMN "above_average_contracts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "supplier_ranking_counted_idx" ON "supplier_ranking" USING btree ("organization_id","administration_period",(public_count + invitation_count + no_bid_count));
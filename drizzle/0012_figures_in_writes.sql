DROP INDEX "contract_cube_org_idx";--> statement-breakpoint
DROP INDEX "supplier_cube_org_period_idx";--> statement-breakpoint
DROP INDEX "supplier_ranking_rank_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "contract_cube_key" ON "contract_cube" USING btree ("organization_id","administration_period","fiscal_year","period","procedure_type","applicant_administrative_unit_id","organizer_administrative_unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_cube_key" ON "supplier_cube" USING btree ("organization_id","administration_period","procedure_type","supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_ranking_key" ON "supplier_ranking" USING btree ("organization_id","administration_period","supplier_id");--> statement-breakpoint
CREATE INDEX "supplier_ranking_order_idx" ON "supplier_ranking" USING btree ("organization_id","administration_period","total" DESC NULLS LAST,"name","supplier_id");--> statement-breakpoint
ALTER TABLE "supplier_ranking" DROP COLUMN "rank";
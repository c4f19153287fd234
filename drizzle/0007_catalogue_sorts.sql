DROP INDEX "contracts_org_admin_period_idx";--> statement-breakpoint
DROP INDEX "contracts_org_fiscal_year_idx";--> statement-breakpoint
DROP INDEX "contracts_org_applicant_unit_idx";--> statement-breakpoint
DROP INDEX "contracts_org_organizer_unit_idx";--> statement-breakpoint
DROP INDEX "contracts_org_contract_date_idx";--> statement-breakpoint
CREATE INDEX "administrative_units_org_name_idx" ON "administrative_units" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "suppliers_org_name_idx" ON "suppliers" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "contracts_org_procedure_type_idx" ON "contracts" USING btree ("organization_id","procedure_type","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "contracts_org_procedure_state_idx" ON "contracts" USING btree ("organization_id","procedure_state" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "contracts_org_number_idx" ON "contracts" USING btree ("organization_id","contract_number" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "contracts_org_supplier_id_idx" ON "contracts" USING btree ("organization_id","supplier_id","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "contracts_org_admin_period_idx" ON "contracts" USING btree ("organization_id","administration_period","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "contracts_org_fiscal_year_idx" ON "contracts" USING btree ("organization_id","fiscal_year","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "contracts_org_applicant_unit_idx" ON "contracts" USING btree ("organization_id","applicant_administrative_unit_id","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "contracts_org_organizer_unit_idx" ON "contracts" USING btree ("organization_id","organizer_administrative_unit_id","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "contracts_org_contract_date_idx" ON "contracts" USING btree ("organization_id","contract_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at IS NULL;
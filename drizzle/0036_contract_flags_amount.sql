-- Issue 32 (decision 0052): a flag row carries its contract's amount (the list's order), so a page
-- of one flag's contracts reads this index in order instead of walking every contract.
ALTER TABLE "contract_flags" ADD COLUMN "amount" numeric(18, 2);--> statement-breakpoint
UPDATE "contract_flags" f SET "amount" = c."total_or_max_amount" FROM "contracts" c WHERE c."id" = f."contract_id";--> statement-breakpoint
CREATE INDEX "contract_flags_org_code_amount_idx" ON "contract_flags" USING btree ("organization_id","code","amount" DESC NULLS LAST,"contract_id" DESC NULLS LAST);

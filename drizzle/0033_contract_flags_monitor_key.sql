-- Issue 32 (decision 0052): a red flag's monitor is its contract's; no foreign key of its own, which
-- cost a check per row of a monitor's recomputation (the contract's key still cascades).
ALTER TABLE "contract_flags" DROP CONSTRAINT "contract_flags_organization_id_organizations_id_fk";

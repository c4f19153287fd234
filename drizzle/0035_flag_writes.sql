-- Issue 32 (decision 0052): the contracts written since a monitor's flag refresh read them, so the
-- refresh computes without holding the monitor's flags and applies only what changed, leaving out
-- the contracts written meanwhile.
CREATE TABLE "flag_writes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flag_writes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE INDEX "flag_writes_org_idx" ON "flag_writes" USING btree ("organization_id","contract_id");
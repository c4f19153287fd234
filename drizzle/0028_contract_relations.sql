-- Issue 30: what a contract keeps beside its fields, from format 28's sub-tables and the form:
-- the people and companies of its procedure (contract_parties: bidders, invited, clarification
-- meeting attendees and officials, beneficial owners), its amendments and its budget lines, each
-- in the source's order and deleted with the contract; the area that executes it; the load's chosen
-- administration period; why a load's row is not a contract (the new row status NOT_CONTRACT).
CREATE TYPE "public"."party_role" AS ENUM('BIDDER', 'INVITED', 'CLARIFICATION_ATTENDEE', 'CLARIFICATION_OFFICIAL', 'BENEFICIAL_OWNER');--> statement-breakpoint
ALTER TYPE "public"."data_load_row_status" ADD VALUE 'NOT_CONTRACT';--> statement-breakpoint
CREATE TABLE "contract_amendments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"number" text,
	"object" text,
	"signed_date" date,
	"url" text
);
--> statement-breakpoint
CREATE TABLE "contract_budget_lines" (
	"organization_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "contract_budget_lines_contract_id_position_pk" PRIMARY KEY("contract_id","position")
);
--> statement-breakpoint
CREATE TABLE "contract_parties" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"role" "party_role" NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"rfc" text,
	"post" text,
	"quote_amount" numeric(16, 2)
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "executing_area" text;--> statement-breakpoint
ALTER TABLE "data_load_rows" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "data_loads" ADD COLUMN "administration_period" text;--> statement-breakpoint
ALTER TABLE "contract_amendments" ADD CONSTRAINT "contract_amendments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_amendments" ADD CONSTRAINT "contract_amendments_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_budget_lines" ADD CONSTRAINT "contract_budget_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_budget_lines" ADD CONSTRAINT "contract_budget_lines_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_parties" ADD CONSTRAINT "contract_parties_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_parties" ADD CONSTRAINT "contract_parties_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_amendments_contract_idx" ON "contract_amendments" USING btree ("contract_id","position");--> statement-breakpoint
CREATE INDEX "contract_parties_contract_idx" ON "contract_parties" USING btree ("contract_id","role","position");--> statement-breakpoint
CREATE INDEX "contract_parties_org_rfc_idx" ON "contract_parties" USING btree ("organization_id","role","rfc") WHERE rfc IS NOT NULL;
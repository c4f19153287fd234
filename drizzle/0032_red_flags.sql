-- Issue 32 (decision 0052): red flags per contract. A monitor's parameters and switches with the
-- method's version; the flags each contract raised with their evidence (only raised ones are kept);
-- the installation-wide SAT art. 69-B list and the federal directory's debarments, each replaced
-- whole when a newer one is loaded, with what was loaded and when.
CREATE TABLE "contract_flags" (
	"contract_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"method_version" integer NOT NULL,
	CONSTRAINT "contract_flags_contract_id_code_pk" PRIMARY KEY("contract_id","code")
);
--> statement-breakpoint
CREATE TABLE "red_flag_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"parameters" jsonb NOT NULL,
	"method_version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "sanctioned_suppliers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sanctioned_suppliers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rfc" text NOT NULL,
	"name" text NOT NULL,
	"authority" text,
	"laws" text,
	"file" text,
	"debarment_from" date NOT NULL,
	"debarment_to" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sat_69b_entries" (
	"rfc" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"situation" text NOT NULL,
	"presumption_dof" date,
	"presumption_sat" date,
	"definitive_dof" date,
	"definitive_sat" date,
	"stages" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_lists" (
	"kind" text PRIMARY KEY NOT NULL,
	"cut_off" date,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"sha256" text NOT NULL,
	"rows" integer NOT NULL,
	"loaded_by" uuid
);
--> statement-breakpoint
ALTER TABLE "contract_flags" ADD CONSTRAINT "contract_flags_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_flags" ADD CONSTRAINT "contract_flags_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_flag_settings" ADD CONSTRAINT "red_flag_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_flags_org_code_idx" ON "contract_flags" USING btree ("organization_id","code","contract_id");--> statement-breakpoint
CREATE INDEX "sanctioned_suppliers_rfc_idx" ON "sanctioned_suppliers" USING btree ("rfc","debarment_from");
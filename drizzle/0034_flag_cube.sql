-- Issue 32 (decision 0052): the list's totals filtered by one red flag (or any) from a cube per flag,
-- rebuilt by the monitor's flag refresh and used only while built at the monitor's data version.
CREATE TABLE "flag_cube" (
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"administration_period" text NOT NULL,
	"fiscal_year" text NOT NULL,
	"period" text NOT NULL,
	"procedure_type" "procedure_type" NOT NULL,
	"applicant_administrative_unit_id" uuid NOT NULL,
	"organizer_administrative_unit_id" uuid NOT NULL,
	"contracts" integer NOT NULL,
	"counted" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flag_cube_state" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"data_version" bigint NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flag_cube" ADD CONSTRAINT "flag_cube_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_cube_state" ADD CONSTRAINT "flag_cube_state_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flag_cube_org_code_idx" ON "flag_cube" USING btree ("organization_id","code","administration_period");
CREATE TABLE "index_cube" (
	"organization_id" uuid NOT NULL,
	"administration_period" text NOT NULL,
	"period" text NOT NULL,
	"procedure_type" "procedure_type" NOT NULL,
	"organizer_administrative_unit_id" uuid NOT NULL,
	"concluded" integer NOT NULL,
	"counted" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"without_folio" integer NOT NULL,
	"over_limit" integer NOT NULL,
	"extensions" integer NOT NULL,
	"with_contract_url" integer NOT NULL,
	"with_announcement_url" integer NOT NULL,
	"with_judgment_url" integer NOT NULL,
	"dated" integer NOT NULL,
	"late" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "index_cube" ADD CONSTRAINT "index_cube_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "index_cube_key" ON "index_cube" USING btree ("organization_id","administration_period","period","procedure_type","organizer_administrative_unit_id");
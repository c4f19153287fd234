CREATE TABLE "search_figures" (
	"organization_id" uuid NOT NULL,
	"pattern" text NOT NULL,
	"procedure_type" "procedure_type" NOT NULL,
	"contracts" integer NOT NULL,
	"counted" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "search_figures_pkey" PRIMARY KEY("organization_id","pattern","procedure_type")
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"organization_id" uuid NOT NULL,
	"pattern" text NOT NULL,
	"kept_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_terms_pkey" PRIMARY KEY("organization_id","pattern")
);
--> statement-breakpoint
ALTER TABLE "search_figures" ADD CONSTRAINT "search_figures_term_fk" FOREIGN KEY ("organization_id","pattern") REFERENCES "public"."search_terms"("organization_id","pattern") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_terms" ADD CONSTRAINT "search_terms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
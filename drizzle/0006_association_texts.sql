CREATE TABLE "association_texts" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"mission" text DEFAULT '' NOT NULL,
	"vision" text DEFAULT '' NOT NULL,
	"values" text DEFAULT '' NOT NULL,
	"directive_council" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"consultive_council" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "association_texts_single_row" CHECK ("association_texts"."singleton")
);
--> statement-breakpoint
ALTER TABLE "association_texts" ADD CONSTRAINT "association_texts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
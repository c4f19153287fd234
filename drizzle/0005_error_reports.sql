CREATE TABLE "error_report_descriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"report_id" uuid NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "error_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid,
	"fingerprint" text NOT NULL,
	"source" text NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"path" text NOT NULL,
	"request_id" text,
	"user_agent" text,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "error_reports_org_fingerprint_key" UNIQUE NULLS NOT DISTINCT("organization_id","fingerprint")
);
--> statement-breakpoint
ALTER TABLE "error_report_descriptions" ADD CONSTRAINT "error_report_descriptions_report_id_error_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."error_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_reports" ADD CONSTRAINT "error_reports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "error_report_descriptions_report_idx" ON "error_report_descriptions" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "error_reports_last_seen_idx" ON "error_reports" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "error_reports_org_notified_idx" ON "error_reports" USING btree ("organization_id","notified_at");
ALTER TABLE "calculations" DROP CONSTRAINT "calculations_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "calculations" ADD CONSTRAINT "calculations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "contracts" ADD COLUMN "import_fingerprint" text;--> statement-breakpoint
ALTER TABLE "data_load_rows" ADD COLUMN "identity" text;--> statement-breakpoint
ALTER TABLE "data_load_rows" ADD COLUMN "contract" jsonb;--> statement-breakpoint
ALTER TABLE "data_loads" ADD COLUMN "messages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_fingerprint_key" ON "contracts" USING btree ("organization_id","import_fingerprint") WHERE deleted_at IS NULL AND import_fingerprint IS NOT NULL;
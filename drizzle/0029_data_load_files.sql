-- Issue 30: one upload of several workbooks (up to 20). A load keeps every file (files), and each
-- staged row the file it came from and its place in the load (position: its row number after the
-- rows of the files before its own), by which the review pages and confirm go. Rows staged before
-- keep their order (position = row_index).
DROP INDEX "data_load_rows_load_idx";--> statement-breakpoint
ALTER TABLE "data_load_rows" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "data_load_rows" ADD COLUMN "file_name" text;--> statement-breakpoint
UPDATE "data_load_rows" SET "position" = "row_index";--> statement-breakpoint
ALTER TABLE "data_loads" ADD COLUMN "files" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "data_load_rows_load_idx" ON "data_load_rows" USING btree ("data_load_id","position");
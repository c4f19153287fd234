DROP INDEX "files_sha256_idx";--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "content_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "files_content_idx" ON "files" USING btree ("content_id");--> statement-breakpoint
ALTER TABLE "files" DROP COLUMN "mime_type";--> statement-breakpoint
ALTER TABLE "files" DROP COLUMN "size";--> statement-breakpoint
ALTER TABLE "files" DROP COLUMN "sha256";--> statement-breakpoint
ALTER TABLE "files" DROP COLUMN "data";
CREATE TYPE "public"."backup_state" AS ENUM('PENDING', 'COPIED', 'FAILED');--> statement-breakpoint
CREATE TABLE "document_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"source_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"http_status" integer,
	"bytes" bigint,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_sources" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"url" text NOT NULL,
	"host" text NOT NULL,
	"state" "backup_state" DEFAULT 'PENDING' NOT NULL,
	"reason" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"etag" text,
	"last_modified" text,
	"gone_since" timestamp with time zone,
	"current_version_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"source_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"size" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"copied_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contracts" DROP CONSTRAINT "contracts_contract_url_backup_file_id_files_id_fk";
--> statement-breakpoint
ALTER TABLE "contracts" DROP CONSTRAINT "contracts_announcement_url_backup_file_id_files_id_fk";
--> statement-breakpoint
ALTER TABLE "contracts" DROP CONSTRAINT "contracts_clarification_meeting_judgment_url_backup_file_id_files_id_fk";
--> statement-breakpoint
ALTER TABLE "contracts" DROP CONSTRAINT "contracts_presentation_proposals_doc_url_backup_file_id_files_id_fk";
--> statement-breakpoint
DROP INDEX "contracts_contract_backup_idx";--> statement-breakpoint
DROP INDEX "contracts_announcement_backup_idx";--> statement-breakpoint
DROP INDEX "contracts_judgment_backup_idx";--> statement-breakpoint
DROP INDEX "contracts_proposals_backup_idx";--> statement-breakpoint
ALTER TABLE "document_attempts" ADD CONSTRAINT "document_attempts_source_id_document_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."document_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_sources" ADD CONSTRAINT "document_sources_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_source_id_document_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."document_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_attempts_source_idx" ON "document_attempts" USING btree ("source_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "document_sources_url_idx" ON "document_sources" USING btree ("organization_id","url");--> statement-breakpoint
CREATE INDEX "document_sources_due_idx" ON "document_sources" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "document_sources_lease_idx" ON "document_sources" USING btree ("lease_until");--> statement-breakpoint
CREATE INDEX "document_sources_state_idx" ON "document_sources" USING btree ("organization_id","state");--> statement-breakpoint
CREATE INDEX "document_versions_source_idx" ON "document_versions" USING btree ("source_id","copied_at");--> statement-breakpoint
ALTER TABLE "contracts" DROP COLUMN "contract_url_backup_file_id";--> statement-breakpoint
ALTER TABLE "contracts" DROP COLUMN "announcement_url_backup_file_id";--> statement-breakpoint
ALTER TABLE "contracts" DROP COLUMN "clarification_meeting_judgment_url_backup_file_id";--> statement-breakpoint
ALTER TABLE "contracts" DROP COLUMN "presentation_proposals_doc_url_backup_file_id";--> statement-breakpoint
ALTER TABLE "contracts" DROP COLUMN "backed_up_at";
--> statement-breakpoint
-- The documents the monitors' live contracts link to already (decision 0037): every web link is
-- copied from now on; a link that is not an http(s) address is recorded as such, never fetched.
-- The demonstration monitors link to hosts that do not exist: their links are not registered.
INSERT INTO "document_sources" ("id", "organization_id", "url", "host", "state", "reason", "next_check_at")
SELECT gen_random_uuid(), l.organization_id, l.url,
  lower(coalesce(substring(l.url from '^[hH][tT][tT][pP][sS]?://(?:[^@/?#]*@)?(\[[^]/]*\]|[^:/?#]*)'), '')),
  CASE WHEN l.url ~* '^https?://[^/?#]' THEN 'PENDING'::backup_state ELSE 'FAILED'::backup_state END,
  CASE WHEN l.url ~* '^https?://[^/?#]' THEN NULL ELSE 'ADDRESS' END,
  CASE WHEN l.url ~* '^https?://[^/?#]' THEN now() ELSE 'infinity'::timestamptz END
FROM (
  SELECT DISTINCT c.organization_id, btrim(u.url) AS url
  FROM "contracts" c
  JOIN "organizations" o ON o.id = c.organization_id AND NOT o.is_demo
  CROSS JOIN LATERAL (VALUES (c.contract_url), (c.announcement_url),
    (c.clarification_meeting_judgment_url), (c.presentation_proposals_doc_url)) AS u(url)
  WHERE c.deleted_at IS NULL AND btrim(coalesce(u.url, '')) <> ''
) l
ON CONFLICT ("organization_id", "url") DO NOTHING;

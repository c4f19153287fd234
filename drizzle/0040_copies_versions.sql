CREATE TABLE "document_copies_versions" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_copies_versions" ADD CONSTRAINT "document_copies_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What a monitor's visitors see of its document copies changed: its copies' version goes up and the
-- processes' caches hear of it on a channel of its own (decision 0054; not the organizations' one, whose
-- event drops the monitor's row that every request reads, many times a second during a backup run). A claim or a release
-- (lease_until) changes nothing they see and bumps nothing; a registration comes with the contracts'
-- write, which bumps the data version. Statement-level: a batch of sources bumps each monitor once.
CREATE OR REPLACE FUNCTION vigia_copies_bump(monitor uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- A monitor deleted with its sources (cascade) keeps no count.
  INSERT INTO document_copies_versions AS v (organization_id, version)
    SELECT monitor, 1 WHERE EXISTS (SELECT 1 FROM organizations WHERE id = monitor)
    ON CONFLICT (organization_id) DO UPDATE SET version = v.version + 1;
  PERFORM pg_notify('vigia_copies', monitor::text);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vigia_copies_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vigia_copies_bump(monitor) FROM (
    SELECT DISTINCT n.organization_id AS monitor FROM changed_new n JOIN changed_old o ON o.id = n.id
    WHERE (n.state, n.reason, n.current_version_id, n.last_checked_at, n.gone_since)
      IS DISTINCT FROM (o.state, o.reason, o.current_version_id, o.last_checked_at, o.gone_since)) changed;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vigia_copies_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vigia_copies_bump(monitor) FROM (SELECT DISTINCT organization_id AS monitor FROM changed_old) deleted;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER document_sources_seen AFTER UPDATE ON document_sources
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION vigia_copies_changed();--> statement-breakpoint
CREATE TRIGGER document_sources_deleted AFTER DELETE ON document_sources
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION vigia_copies_deleted();

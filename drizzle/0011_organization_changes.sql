-- Every change to an organization's row (settings, data_version and contracts_updated_at bumped by
-- the triggers of 0002_data_versions, soft or hard deletion) is announced on the event bus channel
-- vigia_organizations with the organization's id, whatever the writer, when its transaction
-- commits; the processes' organization caches drop the row (decision 0020). A TRUNCATE announces
-- an empty payload: every row may have changed.
CREATE OR REPLACE FUNCTION vigia_organization_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('vigia_organizations', '');
  ELSE
    PERFORM pg_notify('vigia_organizations', OLD.id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER organizations_changed AFTER UPDATE OR DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION vigia_organization_changed();--> statement-breakpoint
CREATE TRIGGER organizations_truncated AFTER TRUNCATE ON organizations
  FOR EACH STATEMENT EXECUTE FUNCTION vigia_organization_changed();

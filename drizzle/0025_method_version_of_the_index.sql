ALTER TABLE "organizations" ADD COLUMN "calculations_changes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint

-- The index's method version moves only when the index's method changes (issue 27, decision 0040):
-- calculations_version ('Versión del método') is bumped when a calculation the index uses,
-- transitively, changes what it computes, or the index itself is replaced; calculations_changes
-- counts every change (the index page's kept results are valid for one value of it).
UPDATE organizations SET calculations_changes = calculations_version;--> statement-breakpoint

-- Whether the monitor's index (its live locked calculation) uses the calculation, itself included:
-- the ids its formula references, and theirs, and so on (formula.calculations holds the ids).
CREATE OR REPLACE FUNCTION vigia_index_uses(organization uuid, calculation uuid) RETURNS boolean
LANGUAGE sql STABLE AS $fn$
  WITH RECURSIVE used(id) AS (
    SELECT id::text FROM calculations WHERE organization_id = organization AND locked AND deleted_at IS NULL
    UNION
    SELECT reference
    FROM used
    JOIN calculations c ON c.organization_id = organization AND c.id::text = used.id,
      jsonb_array_elements_text(coalesce(c.formula -> 'calculations', '[]'::jsonb)) AS reference
  )
  SELECT EXISTS (SELECT 1 FROM used WHERE id = calculation::text)
$fn$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION vigia_calculations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  organization uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.organization_id ELSE NEW.organization_id END;
BEGIN
  IF current_setting('vigia.installing_index', true) = 'on' THEN
    RETURN NULL;
  END IF;
  UPDATE organizations SET calculations_changes = calculations_changes + 1 WHERE id = organization;
  IF TG_OP = 'UPDATE' AND NEW.organization_id IS DISTINCT FROM OLD.organization_id THEN
    UPDATE organizations SET calculations_changes = calculations_changes + 1 WHERE id = OLD.organization_id;
  END IF;
  -- What the row computes did not change (a name, a description, the notes, enabled…): same method.
  IF TG_OP = 'UPDATE' AND (OLD.formula ->> 'expression', OLD.formula -> 'calculations', OLD.type,
      OLD.administration_period, OLD.has_percent_scale, OLD.scale, OLD.filters, OLD.locked,
      OLD.deleted_at IS NULL, OLD.organization_id)
    IS NOT DISTINCT FROM (NEW.formula ->> 'expression', NEW.formula -> 'calculations', NEW.type,
      NEW.administration_period, NEW.has_percent_scale, NEW.scale, NEW.filters, NEW.locked,
      NEW.deleted_at IS NULL, NEW.organization_id) THEN
    RETURN NULL;
  END IF;
  IF (TG_OP <> 'INSERT' AND OLD.locked AND OLD.deleted_at IS NULL)
    OR (TG_OP <> 'DELETE' AND NEW.locked AND NEW.deleted_at IS NULL)
    OR vigia_index_uses(organization, CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END) THEN
    UPDATE organizations SET calculations_version = calculations_version + 1 WHERE id = organization;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- Each monitor's method version from its history: 1, plus every saved change of the calculations
-- its index uses today (was: every change of any calculation).
UPDATE organizations o SET calculations_version = 1 + coalesce((
  SELECT sum(c.version - 1) FROM calculations c
  WHERE c.organization_id = o.id AND c.deleted_at IS NULL AND vigia_index_uses(o.id, c.id)
), 0)
WHERE EXISTS (SELECT 1 FROM calculations c WHERE c.organization_id = o.id);

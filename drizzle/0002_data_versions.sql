-- Every change to a monitor's contracts, suppliers or administrative units bumps the monitor's
-- data_version in the same transaction, so pre-aggregated tables (contract_cube, supplier_cube)
-- and cached results know they are out of date. Contract changes also keep contracts_updated_at,
-- the "Última actualización" of the public pages. Statement-level triggers: a bulk load of a
-- million rows updates each monitor once, not a million times.
CREATE OR REPLACE FUNCTION vigia_contracts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE organizations o
  SET data_version = o.data_version + 1,
      contracts_updated_at = CASE
        WHEN TG_OP = 'DELETE' THEN greatest(o.contracts_updated_at, now())
        ELSE greatest(o.contracts_updated_at, (SELECT max(c.updated_at) FROM changed c WHERE c.organization_id = o.id))
      END
  WHERE o.id IN (SELECT DISTINCT c.organization_id FROM changed c);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vigia_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE organizations o SET data_version = o.data_version + 1
  WHERE o.id IN (SELECT DISTINCT c.organization_id FROM changed c);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER contracts_inserted AFTER INSERT ON contracts
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION vigia_contracts_changed();--> statement-breakpoint
CREATE TRIGGER contracts_updated AFTER UPDATE ON contracts
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION vigia_contracts_changed();--> statement-breakpoint
CREATE TRIGGER contracts_deleted AFTER DELETE ON contracts
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION vigia_contracts_changed();--> statement-breakpoint
CREATE TRIGGER suppliers_inserted AFTER INSERT ON suppliers
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION vigia_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER suppliers_updated AFTER UPDATE ON suppliers
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION vigia_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER suppliers_deleted AFTER DELETE ON suppliers
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION vigia_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER administrative_units_inserted AFTER INSERT ON administrative_units
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION vigia_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER administrative_units_updated AFTER UPDATE ON administrative_units
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION vigia_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER administrative_units_deleted AFTER DELETE ON administrative_units
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION vigia_catalogue_changed();

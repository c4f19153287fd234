-- The figures of a monitor's kept searches (search_terms, decision 0031) are maintained in the same
-- transaction as each write, like the cubes (0013): a statement-level trigger on contracts adds the
-- new rows that match each kept search of their monitor and subtracts the old ones. A contract
-- matches a search when its search text, or its live supplier's name, is LIKE the pattern: what the
-- contracts search asks (contractConditions). Writers take the monitor's shared figures lock; the
-- job that keeps a new search takes the exclusive one while it counts, so no write falls between
-- its count and its first maintained change.
CREATE OR REPLACE FUNCTION vigia_contracts_search_figures() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  columns constant text := 'organization_id, procedure_type, supplier_id, search_text, counts_in_totals, '
    'coalesce(total_or_max_amount, 0) AS amount';
  changes text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changes := format('SELECT %s, 1 AS sign FROM new_rows WHERE deleted_at IS NULL', columns);
  ELSIF TG_OP = 'DELETE' THEN
    changes := format('SELECT %s, -1 AS sign FROM old_rows WHERE deleted_at IS NULL', columns);
  ELSE
    -- An update that changes nothing a search counts costs one join, nothing more.
    IF NOT EXISTS (
      SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.organization_id, n.procedure_type, n.supplier_id, n.search_text, n.counts_in_totals,
             n.total_or_max_amount, n.deleted_at IS NULL)
        IS DISTINCT FROM
            (o.organization_id, o.procedure_type, o.supplier_id, o.search_text, o.counts_in_totals,
             o.total_or_max_amount, o.deleted_at IS NULL)) THEN
      RETURN NULL;
    END IF;
    changes := format('SELECT %1$s, 1 AS sign FROM new_rows WHERE deleted_at IS NULL '
      'UNION ALL SELECT %1$s, -1 AS sign FROM old_rows WHERE deleted_at IS NULL', columns);
  END IF;

  EXECUTE format('SELECT count(pg_advisory_xact_lock_shared(vigia_figures_lock(organization_id))) '
    'FROM (SELECT DISTINCT organization_id FROM (%s) c ORDER BY 1) monitors', changes);

  EXECUTE format($q$
    WITH changes AS (%s)
    INSERT INTO search_figures AS f (organization_id, pattern, procedure_type, contracts, counted, amount)
    SELECT t.organization_id, t.pattern, c.procedure_type,
      sum(c.sign), coalesce(sum(c.sign) FILTER (WHERE c.counts_in_totals), 0),
      coalesce(sum(c.sign * c.amount) FILTER (WHERE c.counts_in_totals), 0)
    FROM changes c
    JOIN search_terms t ON t.organization_id = c.organization_id
    LEFT JOIN suppliers s ON s.id = c.supplier_id AND s.organization_id = c.organization_id
      AND s.deleted_at IS NULL
    WHERE c.search_text LIKE t.pattern OR s.search_name LIKE t.pattern
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (organization_id, pattern, procedure_type)
    DO UPDATE SET contracts = f.contracts + excluded.contracts, counted = f.counted + excluded.counted,
      amount = f.amount + excluded.amount
  $q$, changes);
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER contracts_search_figures_inserted AFTER INSERT ON contracts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vigia_contracts_search_figures();--> statement-breakpoint
CREATE TRIGGER contracts_search_figures_updated AFTER UPDATE ON contracts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vigia_contracts_search_figures();--> statement-breakpoint
CREATE TRIGGER contracts_search_figures_deleted AFTER DELETE ON contracts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vigia_contracts_search_figures();--> statement-breakpoint

-- A supplier's name is part of what a search matches: when a name or a supplier's deletion
-- changes, the monitor's kept searches are dropped (a search asked again is kept again).
CREATE OR REPLACE FUNCTION vigia_suppliers_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM count(pg_advisory_xact_lock_shared(vigia_figures_lock(organization_id)))
  FROM (SELECT DISTINCT n.organization_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.search_name, n.deleted_at IS NULL, n.organization_id)
          IS DISTINCT FROM (o.search_name, o.deleted_at IS NULL, o.organization_id)
        ORDER BY 1) monitors;
  DELETE FROM search_terms t
  USING new_rows n JOIN old_rows o ON o.id = n.id
  WHERE t.organization_id IN (n.organization_id, o.organization_id)
    AND (n.search_name, n.deleted_at IS NULL, n.organization_id)
      IS DISTINCT FROM (o.search_name, o.deleted_at IS NULL, o.organization_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER suppliers_search_terms AFTER UPDATE ON suppliers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vigia_suppliers_search_terms();--> statement-breakpoint

-- TRUNCATE empties every monitor's contracts at once: so go their figures (0013) and kept searches.
CREATE OR REPLACE FUNCTION vigia_contracts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM contract_cube;
  DELETE FROM supplier_cube;
  DELETE FROM supplier_ranking;
  DELETE FROM supplier_ranking_totals;
  DELETE FROM search_terms;
  RETURN NULL;
END
$$;

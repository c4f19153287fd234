-- The figures are maintained in the same transaction as each write (decision 0027): statement-level
-- triggers on contracts add the aggregates of new rows and subtract those of old ones (transition
-- tables, like 0002), in contract_cube, supplier_cube, supplier_ranking and supplier_ranking_totals.
-- A row counts while deleted_at IS NULL (a soft delete or a restore is an UPDATE). Writers take a
-- shared advisory lock per monitor inside the trigger; the repair job (a full rebuild) takes the
-- exclusive one, so neither sees the other half done.

-- The advisory lock of a monitor's figures (the number the server used before for its rebuilds).
CREATE OR REPLACE FUNCTION vigia_figures_lock(organization uuid) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT 7240000000000 + ('x' || right(replace(organization::text, '-', ''), 10))::bit(40)::bigint
$$;--> statement-breakpoint

-- What each table must hold for a monitor, computed from its contracts: the repair writes these
-- rows, the nightly check compares them with the stored ones.
CREATE OR REPLACE FUNCTION vigia_contract_cube_of(organization uuid) RETURNS SETOF contract_cube
LANGUAGE sql STABLE AS $$
  SELECT organization_id, administration_period, fiscal_year, period, procedure_type,
    applicant_administrative_unit_id, organizer_administrative_unit_id,
    count(*)::integer, (count(*) FILTER (WHERE counts_in_totals))::integer,
    coalesce(sum(total_or_max_amount) FILTER (WHERE counts_in_totals), 0)::numeric(18, 2)
  FROM contracts WHERE organization_id = organization AND deleted_at IS NULL
  GROUP BY 1, 2, 3, 4, 5, 6, 7
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vigia_supplier_cube_of(organization uuid) RETURNS SETOF supplier_cube
LANGUAGE sql STABLE AS $$
  SELECT organization_id, administration_period, procedure_type, supplier_id,
    count(*)::integer, (count(*) FILTER (WHERE counts_in_totals))::integer,
    coalesce(sum(total_or_max_amount) FILTER (WHERE counts_in_totals), 0)::numeric(18, 2)
  FROM contracts WHERE organization_id = organization AND deleted_at IS NULL AND supplier_id IS NOT NULL
  GROUP BY 1, 2, 3, 4
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vigia_supplier_ranking_of(organization uuid) RETURNS SETOF supplier_ranking
LANGUAGE sql STABLE AS $$
  SELECT c.organization_id, p.period, c.supplier_id, s.name,
    count(*)::integer,
    (count(*) FILTER (WHERE c.counts_in_totals AND c.procedure_type = 'PUBLIC'))::integer,
    (count(*) FILTER (WHERE c.counts_in_totals AND c.procedure_type = 'INVITATION'))::integer,
    (count(*) FILTER (WHERE c.counts_in_totals AND c.procedure_type = 'NO_BID'))::integer,
    coalesce(sum(c.total_or_max_amount) FILTER (WHERE c.counts_in_totals AND c.procedure_type = 'PUBLIC'), 0)::numeric(18, 2),
    coalesce(sum(c.total_or_max_amount) FILTER (WHERE c.counts_in_totals AND c.procedure_type = 'INVITATION'), 0)::numeric(18, 2),
    coalesce(sum(c.total_or_max_amount) FILTER (WHERE c.counts_in_totals AND c.procedure_type = 'NO_BID'), 0)::numeric(18, 2),
    coalesce(sum(c.total_or_max_amount) FILTER (WHERE c.counts_in_totals), 0)::numeric(18, 2)
  FROM contracts c
  CROSS JOIN LATERAL (VALUES (c.administration_period), ('')) AS p(period)
  JOIN suppliers s ON s.id = c.supplier_id
  WHERE c.organization_id = organization AND c.deleted_at IS NULL AND c.supplier_id IS NOT NULL
  GROUP BY 1, 2, 3, 4
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vigia_supplier_ranking_totals_of(organization uuid) RETURNS SETOF supplier_ranking_totals
LANGUAGE sql STABLE AS $$
  SELECT organization_id, administration_period, count(*)::integer,
    sum(contracts_count)::integer, sum(public_count)::integer, sum(invitation_count)::integer,
    sum(no_bid_count)::integer, sum(public)::numeric(18, 2), sum(invitation)::numeric(18, 2),
    sum(no_bid)::numeric(18, 2), sum(total)::numeric(18, 2)
  FROM vigia_supplier_ranking_of(organization)
  GROUP BY 1, 2
$$;--> statement-breakpoint

-- Adds the figures of the statement's new rows and subtracts those of its old rows.
CREATE OR REPLACE FUNCTION vigia_contracts_figures() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  columns constant text := 'organization_id, administration_period, fiscal_year, period, procedure_type, '
    'applicant_administrative_unit_id, organizer_administrative_unit_id, supplier_id, counts_in_totals, '
    'coalesce(total_or_max_amount, 0) AS amount';
  changes text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changes := format('SELECT %s, 1 AS sign FROM new_rows WHERE deleted_at IS NULL', columns);
  ELSIF TG_OP = 'DELETE' THEN
    changes := format('SELECT %s, -1 AS sign FROM old_rows WHERE deleted_at IS NULL', columns);
  ELSE
    -- An update that changes no figure (a backup date, a note) costs one join, nothing more.
    IF NOT EXISTS (
      SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.organization_id, n.administration_period, n.fiscal_year, n.period, n.procedure_type,
             n.applicant_administrative_unit_id, n.organizer_administrative_unit_id, n.supplier_id,
             n.counts_in_totals, n.total_or_max_amount, n.deleted_at IS NULL)
        IS DISTINCT FROM
            (o.organization_id, o.administration_period, o.fiscal_year, o.period, o.procedure_type,
             o.applicant_administrative_unit_id, o.organizer_administrative_unit_id, o.supplier_id,
             o.counts_in_totals, o.total_or_max_amount, o.deleted_at IS NULL)) THEN
      RETURN NULL;
    END IF;
    changes := format('SELECT %1$s, 1 AS sign FROM new_rows WHERE deleted_at IS NULL '
      'UNION ALL SELECT %1$s, -1 AS sign FROM old_rows WHERE deleted_at IS NULL', columns);
  END IF;

  -- Writers of a monitor share its lock; the repair holds it alone (in a fixed order: no deadlock).
  EXECUTE format('SELECT count(pg_advisory_xact_lock_shared(vigia_figures_lock(organization_id))) '
    'FROM (SELECT DISTINCT organization_id FROM (%s) c ORDER BY 1) monitors', changes);

  EXECUTE format($q$
    WITH changes AS (%s)
    INSERT INTO contract_cube AS cube (organization_id, administration_period, fiscal_year, period, procedure_type,
      applicant_administrative_unit_id, organizer_administrative_unit_id, contracts, counted, amount)
    SELECT organization_id, administration_period, fiscal_year, period, procedure_type,
      applicant_administrative_unit_id, organizer_administrative_unit_id,
      sum(sign), coalesce(sum(sign) FILTER (WHERE counts_in_totals), 0),
      coalesce(sum(sign * amount) FILTER (WHERE counts_in_totals), 0)
    FROM changes GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(sign) <> 0 OR coalesce(sum(sign) FILTER (WHERE counts_in_totals), 0) <> 0
      OR coalesce(sum(sign * amount) FILTER (WHERE counts_in_totals), 0) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (organization_id, administration_period, fiscal_year, period, procedure_type,
      applicant_administrative_unit_id, organizer_administrative_unit_id)
    DO UPDATE SET contracts = cube.contracts + excluded.contracts, counted = cube.counted + excluded.counted,
      amount = cube.amount + excluded.amount
  $q$, changes);

  EXECUTE format($q$
    WITH changes AS (%s)
    INSERT INTO supplier_cube AS cube (organization_id, administration_period, procedure_type, supplier_id,
      contracts, counted, amount)
    SELECT organization_id, administration_period, procedure_type, supplier_id,
      sum(sign), coalesce(sum(sign) FILTER (WHERE counts_in_totals), 0),
      coalesce(sum(sign * amount) FILTER (WHERE counts_in_totals), 0)
    FROM changes WHERE supplier_id IS NOT NULL GROUP BY 1, 2, 3, 4
    HAVING sum(sign) <> 0 OR coalesce(sum(sign) FILTER (WHERE counts_in_totals), 0) <> 0
      OR coalesce(sum(sign * amount) FILTER (WHERE counts_in_totals), 0) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_id, administration_period, procedure_type, supplier_id)
    DO UPDATE SET contracts = cube.contracts + excluded.contracts, counted = cube.counted + excluded.counted,
      amount = cube.amount + excluded.amount
  $q$, changes);

  -- The ranking per administration period and over all of them (''), and its totals per period:
  -- `suppliers` grows by the rows the upsert created and shrinks by those it emptied.
  EXECUTE format($q$
    WITH changes AS (%s),
    per AS (
      SELECT c.organization_id, p.period AS administration_period, c.supplier_id,
        sum(c.sign) AS contracts_count,
        coalesce(sum(c.sign) FILTER (WHERE c.counts_in_totals AND c.procedure_type = 'PUBLIC'), 0) AS public_count,
        coalesce(sum(c.sign) FILTER (WHERE c.counts_in_totals AND c.procedure_type = 'INVITATION'), 0) AS invitation_count,
        coalesce(sum(c.sign) FILTER (WHERE c.counts_in_totals AND c.procedure_type = 'NO_BID'), 0) AS no_bid_count,
        coalesce(sum(c.sign * c.amount) FILTER (WHERE c.counts_in_totals AND c.procedure_type = 'PUBLIC'), 0) AS public,
        coalesce(sum(c.sign * c.amount) FILTER (WHERE c.counts_in_totals AND c.procedure_type = 'INVITATION'), 0) AS invitation,
        coalesce(sum(c.sign * c.amount) FILTER (WHERE c.counts_in_totals AND c.procedure_type = 'NO_BID'), 0) AS no_bid,
        coalesce(sum(c.sign * c.amount) FILTER (WHERE c.counts_in_totals), 0) AS total
      FROM changes c CROSS JOIN LATERAL (VALUES (c.administration_period), ('')) AS p(period)
      WHERE c.supplier_id IS NOT NULL
      GROUP BY 1, 2, 3
    ),
    moved AS (
      SELECT * FROM per
      WHERE contracts_count <> 0 OR public_count <> 0 OR invitation_count <> 0 OR no_bid_count <> 0
        OR public <> 0 OR invitation <> 0 OR no_bid <> 0 OR total <> 0
    ),
    up AS (
      INSERT INTO supplier_ranking AS r (organization_id, administration_period, supplier_id, name, contracts_count,
        public_count, invitation_count, no_bid_count, public, invitation, no_bid, total)
      SELECT m.organization_id, m.administration_period, m.supplier_id, s.name, m.contracts_count,
        m.public_count, m.invitation_count, m.no_bid_count, m.public, m.invitation, m.no_bid, m.total
      FROM moved m JOIN suppliers s ON s.id = m.supplier_id
      ORDER BY 1, 2, 3
      ON CONFLICT (organization_id, administration_period, supplier_id) DO UPDATE SET
        contracts_count = r.contracts_count + excluded.contracts_count,
        public_count = r.public_count + excluded.public_count,
        invitation_count = r.invitation_count + excluded.invitation_count,
        no_bid_count = r.no_bid_count + excluded.no_bid_count,
        public = r.public + excluded.public,
        invitation = r.invitation + excluded.invitation,
        no_bid = r.no_bid + excluded.no_bid,
        total = r.total + excluded.total
      RETURNING r.organization_id, r.administration_period, (r.xmax = 0) AS created, (r.contracts_count = 0) AS emptied
    ),
    counted AS (
      SELECT organization_id, administration_period,
        count(*) FILTER (WHERE created) - count(*) FILTER (WHERE emptied) AS suppliers
      FROM up GROUP BY 1, 2
    ),
    sums AS (
      SELECT organization_id, administration_period, sum(contracts_count) AS contracts_count,
        sum(public_count) AS public_count, sum(invitation_count) AS invitation_count,
        sum(no_bid_count) AS no_bid_count, sum(public) AS public, sum(invitation) AS invitation,
        sum(no_bid) AS no_bid, sum(total) AS total
      FROM moved GROUP BY 1, 2
    )
    INSERT INTO supplier_ranking_totals AS t (organization_id, administration_period, suppliers, contracts_count,
      public_count, invitation_count, no_bid_count, public, invitation, no_bid, total)
    SELECT s.organization_id, s.administration_period, coalesce(k.suppliers, 0), s.contracts_count,
      s.public_count, s.invitation_count, s.no_bid_count, s.public, s.invitation, s.no_bid, s.total
    FROM sums s LEFT JOIN counted k USING (organization_id, administration_period)
    ORDER BY 1, 2
    ON CONFLICT (organization_id, administration_period) DO UPDATE SET
      suppliers = t.suppliers + excluded.suppliers,
      contracts_count = t.contracts_count + excluded.contracts_count,
      public_count = t.public_count + excluded.public_count,
      invitation_count = t.invitation_count + excluded.invitation_count,
      no_bid_count = t.no_bid_count + excluded.no_bid_count,
      public = t.public + excluded.public,
      invitation = t.invitation + excluded.invitation,
      no_bid = t.no_bid + excluded.no_bid,
      total = t.total + excluded.total
  $q$, changes);

  -- Rows left without contracts go (an insert only adds, so it leaves none).
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format($q$
      WITH changes AS (%s)
      DELETE FROM contract_cube cube USING (
        SELECT DISTINCT organization_id, administration_period, fiscal_year, period, procedure_type,
          applicant_administrative_unit_id, organizer_administrative_unit_id FROM changes) k
      WHERE cube.contracts = 0 AND cube.organization_id = k.organization_id
        AND cube.administration_period = k.administration_period AND cube.fiscal_year = k.fiscal_year
        AND cube.period = k.period AND cube.procedure_type = k.procedure_type
        AND cube.applicant_administrative_unit_id = k.applicant_administrative_unit_id
        AND cube.organizer_administrative_unit_id = k.organizer_administrative_unit_id
    $q$, changes);
    EXECUTE format($q$
      WITH changes AS (%s)
      DELETE FROM supplier_cube cube USING (
        SELECT DISTINCT organization_id, administration_period, procedure_type, supplier_id
        FROM changes WHERE supplier_id IS NOT NULL) k
      WHERE cube.contracts = 0 AND cube.organization_id = k.organization_id
        AND cube.administration_period = k.administration_period AND cube.procedure_type = k.procedure_type
        AND cube.supplier_id = k.supplier_id
    $q$, changes);
    EXECUTE format($q$
      WITH changes AS (%s)
      DELETE FROM supplier_ranking r USING (
        SELECT DISTINCT c.organization_id, p.period, c.supplier_id
        FROM changes c CROSS JOIN LATERAL (VALUES (c.administration_period), ('')) AS p(period)
        WHERE c.supplier_id IS NOT NULL) k
      WHERE r.contracts_count = 0 AND r.organization_id = k.organization_id
        AND r.administration_period = k.period AND r.supplier_id = k.supplier_id
    $q$, changes);
    EXECUTE format($q$
      WITH changes AS (%s)
      DELETE FROM supplier_ranking_totals t USING (
        SELECT DISTINCT c.organization_id, p.period
        FROM changes c CROSS JOIN LATERAL (VALUES (c.administration_period), ('')) AS p(period)
        WHERE c.supplier_id IS NOT NULL) k
      WHERE t.suppliers = 0 AND t.organization_id = k.organization_id AND t.administration_period = k.period
    $q$, changes);
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER contracts_figures_inserted AFTER INSERT ON contracts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vigia_contracts_figures();--> statement-breakpoint
CREATE TRIGGER contracts_figures_updated AFTER UPDATE ON contracts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vigia_contracts_figures();--> statement-breakpoint
CREATE TRIGGER contracts_figures_deleted AFTER DELETE ON contracts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vigia_contracts_figures();--> statement-breakpoint

-- TRUNCATE empties every monitor's contracts at once: so go their figures.
CREATE OR REPLACE FUNCTION vigia_contracts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM contract_cube;
  DELETE FROM supplier_cube;
  DELETE FROM supplier_ranking;
  DELETE FROM supplier_ranking_totals;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER contracts_figures_truncated AFTER TRUNCATE ON contracts
  FOR EACH STATEMENT EXECUTE FUNCTION vigia_contracts_truncated();--> statement-breakpoint

-- The ranking shows each supplier's name: a rename updates it in the same transaction.
CREATE OR REPLACE FUNCTION vigia_suppliers_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE supplier_ranking r SET name = n.name
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.name IS DISTINCT FROM o.name AND r.organization_id = n.organization_id AND r.supplier_id = n.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER suppliers_figures_renamed AFTER UPDATE ON suppliers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vigia_suppliers_renamed();--> statement-breakpoint

-- Refill every monitor's figures once from its contracts, under the rule the triggers keep.
DELETE FROM contract_cube;--> statement-breakpoint
DELETE FROM supplier_cube;--> statement-breakpoint
DELETE FROM supplier_ranking;--> statement-breakpoint
DELETE FROM supplier_ranking_totals;--> statement-breakpoint
INSERT INTO contract_cube SELECT f.* FROM organizations o, vigia_contract_cube_of(o.id) f;--> statement-breakpoint
INSERT INTO supplier_cube SELECT f.* FROM organizations o, vigia_supplier_cube_of(o.id) f;--> statement-breakpoint
INSERT INTO supplier_ranking SELECT f.* FROM organizations o, vigia_supplier_ranking_of(o.id) f;--> statement-breakpoint
INSERT INTO supplier_ranking_totals SELECT f.* FROM organizations o, vigia_supplier_ranking_totals_of(o.id) f;--> statement-breakpoint
DELETE FROM cube_versions;

-- The suppliers' concentration the index's supplier variables read ($NTP, $NPCGE, $NPEPE, $NPEPCP;
-- columns of supplier_ranking_totals, migration 0026) is kept by the writes like the rest of the
-- figures (decision 0027), instead of ranking a period's suppliers on every index request (a sort of
-- every supplier: 263 of 275 ms at 5,000,000 contracts). Per monitor and period whose ranking a
-- statement moved, in the same transaction, at a cost in proportion to what it changed:
-- - counted_suppliers ($NTP) grows and shrinks by the suppliers whose counted contracts left or
--   reached 0;
-- - above_average_amount ($NPEPE) and above_average_contracts ($NPEPCP) are corrected for the moved
--   suppliers (their old and new values) and for the others between the old and the new average (an
--   index range: empty when one contract changes, so nothing is counted again);
-- - leading_suppliers ($NPCGE) walks the ranking's order index from the largest supplier until 40%
--   of the amount is reached (as many rows as the answer: amounts are never negative).
-- Writers hold the period's totals row from the ranking's upsert on, so the next writer of that
-- period waits for this one's commit and then reads its suppliers: the corrections never miss one.
-- What the columns must hold is defined with the rest by vigia_supplier_ranking_totals_of (a window
-- over the ranking), which the repair writes and the nightly check compares.

CREATE OR REPLACE FUNCTION vigia_supplier_ranking_totals_of(organization uuid) RETURNS SETOF supplier_ranking_totals
LANGUAGE sql STABLE AS $$
  SELECT organization_id, administration_period, count(*)::integer,
    sum(contracts_count)::integer, sum(public_count)::integer, sum(invitation_count)::integer,
    sum(no_bid_count)::integer, sum(public)::numeric(18, 2), sum(invitation)::numeric(18, 2),
    sum(no_bid)::numeric(18, 2), sum(total)::numeric(18, 2),
    (count(*) FILTER (WHERE counted > 0))::integer,
    CASE WHEN sum(total) > 0 THEN (count(*) FILTER (WHERE counted > 0 AND before < 0.4 * whole))::integer END,
    (count(*) FILTER (WHERE counted > 0 AND total > average_amount))::integer,
    (count(*) FILTER (WHERE counted > 0 AND counted > average_contracts))::integer
  FROM (
    SELECT r.*, r.public_count + r.invitation_count + r.no_bid_count AS counted,
      sum(r.total) OVER (PARTITION BY r.administration_period ORDER BY r.total DESC, r.supplier_id
        ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) - r.total AS before,
      sum(r.total) OVER (PARTITION BY r.administration_period) AS whole,
      avg(r.total) FILTER (WHERE r.public_count + r.invitation_count + r.no_bid_count > 0)
        OVER (PARTITION BY r.administration_period) AS average_amount,
      avg(r.public_count + r.invitation_count + r.no_bid_count)
        FILTER (WHERE r.public_count + r.invitation_count + r.no_bid_count > 0)
        OVER (PARTITION BY r.administration_period) AS average_contracts
    FROM vigia_supplier_ranking_of(organization) r
  ) ranked
  GROUP BY 1, 2
$$;--> statement-breakpoint

-- $NPCGE of a monitor's period: how many suppliers, largest amount first, it takes to reach 40% of
-- `whole` (the one crossing it included); null when the amount is 0. Reads the largest 64 from the
-- order index, then 4 times as many while 40% is not reached: about as many rows as the answer
-- (amounts are never negative, so the running sum only grows).
CREATE OR REPLACE FUNCTION vigia_leading_suppliers(organization uuid, ranking_period text, whole numeric)
RETURNS integer LANGUAGE plpgsql STABLE AS $$
DECLARE
  size bigint := 64;
  taken integer;
  crossed boolean;
  seen bigint;
BEGIN
  IF whole IS NULL OR whole <= 0 THEN
    RETURN NULL;
  END IF;
  LOOP
    SELECT count(*) FILTER (WHERE before < 0.4 * whole), coalesce(bool_or(before + total >= 0.4 * whole), false),
      count(*)
    INTO taken, crossed, seen
    FROM (
      SELECT top.total, sum(top.total) OVER (ORDER BY top.total DESC NULLS LAST
        ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) - top.total AS before
      FROM (
        SELECT r.total FROM supplier_ranking r
        WHERE r.organization_id = organization AND r.administration_period = ranking_period
        ORDER BY r.total DESC NULLS LAST LIMIT size
      ) top
    ) running;
    IF crossed OR seen < size THEN
      RETURN taken;
    END IF;
    size := size * 4;
  END LOOP;
END
$$;--> statement-breakpoint

-- How many suppliers of a monitor's period with counted contracts have their amount ('amount') or
-- their number of counted contracts ('counted') between two averages: above the lower one, up to
-- the higher one. An index range; 0 when either is null or they are equal.
CREATE OR REPLACE FUNCTION vigia_ranking_between(organization uuid, ranking_period text, measure text,
  one numeric, other numeric) RETURNS bigint LANGUAGE plpgsql STABLE AS $$
DECLARE
  low constant numeric := least(one, other);
  high constant numeric := greatest(one, other);
  found bigint;
BEGIN
  IF one IS NULL OR other IS NULL OR one = other THEN
    RETURN 0;
  END IF;
  IF measure = 'amount' THEN
    SELECT count(*) INTO found FROM supplier_ranking r
    WHERE r.organization_id = organization AND r.administration_period = ranking_period
      AND r.total > low AND r.total <= high AND r.public_count + r.invitation_count + r.no_bid_count > 0;
  ELSE
    -- Whole numbers of contracts: above floor(low) and up to floor(high), compared as integers so
    -- the index by counted contracts answers.
    SELECT count(*) INTO found FROM supplier_ranking r
    WHERE r.organization_id = organization AND r.administration_period = ranking_period
      AND (r.public_count + r.invitation_count + r.no_bid_count) > floor(low)::integer
      AND (r.public_count + r.invitation_count + r.no_bid_count) <= floor(high)::integer;
  END IF;
  RETURN found;
END
$$;--> statement-breakpoint

-- The figures of 0013, plus the counted suppliers and the concentration (the lines marked 0027).
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
      RETURNING r.organization_id, r.administration_period, r.supplier_id, (r.xmax = 0) AS created,
        (r.contracts_count = 0) AS emptied, r.public_count + r.invitation_count + r.no_bid_count AS counted_after
    ),
    -- Suppliers created and emptied, and (migration 0027) those whose counted contracts reached or left 0.
    counted AS (
      SELECT u.organization_id, u.administration_period,
        count(*) FILTER (WHERE u.created) - count(*) FILTER (WHERE u.emptied) AS suppliers,
        count(*) FILTER (WHERE u.counted_after > 0) - count(*) FILTER (
          WHERE u.counted_after - (m.public_count + m.invitation_count + m.no_bid_count) > 0) AS counted_suppliers
      FROM up u JOIN moved m USING (organization_id, administration_period, supplier_id) GROUP BY 1, 2
    ),
    sums AS (
      SELECT organization_id, administration_period, sum(contracts_count) AS contracts_count,
        sum(public_count) AS public_count, sum(invitation_count) AS invitation_count,
        sum(no_bid_count) AS no_bid_count, sum(public) AS public, sum(invitation) AS invitation,
        sum(no_bid) AS no_bid, sum(total) AS total
      FROM moved GROUP BY 1, 2
    )
    INSERT INTO supplier_ranking_totals AS t (organization_id, administration_period, suppliers, contracts_count,
      public_count, invitation_count, no_bid_count, public, invitation, no_bid, total, counted_suppliers)
    SELECT s.organization_id, s.administration_period, coalesce(k.suppliers, 0), s.contracts_count,
      s.public_count, s.invitation_count, s.no_bid_count, s.public, s.invitation, s.no_bid, s.total,
      coalesce(k.counted_suppliers, 0)
    FROM sums s LEFT JOIN counted k USING (organization_id, administration_period)
    ORDER BY 1, 2
    ON CONFLICT (organization_id, administration_period) DO UPDATE SET
      suppliers = t.suppliers + excluded.suppliers,
      counted_suppliers = t.counted_suppliers + excluded.counted_suppliers,
      contracts_count = t.contracts_count + excluded.contracts_count,
      public_count = t.public_count + excluded.public_count,
      invitation_count = t.invitation_count + excluded.invitation_count,
      no_bid_count = t.no_bid_count + excluded.no_bid_count,
      public = t.public + excluded.public,
      invitation = t.invitation + excluded.invitation,
      no_bid = t.no_bid + excluded.no_bid,
      total = t.total + excluded.total
  $q$, changes);

  -- The suppliers' concentration of each period whose ranking moved (see migration 0027): `moved`
  -- are the suppliers whose counted contracts or amount changed, with their values before and after.
  EXECUTE format($q$
    WITH changes AS (%s),
    delta AS (
      SELECT c.organization_id, p.period AS administration_period, c.supplier_id,
        coalesce(sum(c.sign * c.amount) FILTER (WHERE c.counts_in_totals), 0) AS amount,
        coalesce(sum(c.sign) FILTER (WHERE c.counts_in_totals), 0) AS counted
      FROM changes c CROSS JOIN LATERAL (VALUES (c.administration_period), ('')) AS p(period)
      WHERE c.supplier_id IS NOT NULL
      GROUP BY 1, 2, 3
    ),
    moved AS (
      SELECT d.organization_id, d.administration_period,
        coalesce(r.total, 0) - d.amount AS amount_before, coalesce(r.total, 0) AS amount_after,
        coalesce(r.public_count + r.invitation_count + r.no_bid_count, 0) - d.counted AS counted_before,
        coalesce(r.public_count + r.invitation_count + r.no_bid_count, 0) AS counted_after
      FROM delta d LEFT JOIN supplier_ranking r ON r.organization_id = d.organization_id
        AND r.administration_period = d.administration_period AND r.supplier_id = d.supplier_id
      WHERE d.amount <> 0 OR d.counted <> 0
    ),
    periods AS (
      SELECT t.organization_id, t.administration_period, t.counted_suppliers AS suppliers, t.total AS amount,
        t.counted_suppliers - sum((m.counted_after > 0)::integer - (m.counted_before > 0)::integer) AS suppliers_before,
        t.total - sum(m.amount_after - m.amount_before) AS amount_before,
        t.public_count + t.invitation_count + t.no_bid_count AS counted,
        t.public_count + t.invitation_count + t.no_bid_count - sum(m.counted_after - m.counted_before) AS counted_before
      FROM supplier_ranking_totals t JOIN moved m USING (organization_id, administration_period)
      GROUP BY t.organization_id, t.administration_period
    ),
    -- The averages as avg() gives them (the same numeric division), null without counted suppliers.
    averages AS (
      SELECT organization_id, administration_period, suppliers, amount,
        CASE WHEN suppliers_before > 0 THEN amount_before / suppliers_before END AS amount_was,
        CASE WHEN suppliers > 0 THEN amount / suppliers END AS amount_is,
        CASE WHEN suppliers_before > 0 THEN counted_before::numeric / suppliers_before END AS counted_was,
        CASE WHEN suppliers > 0 THEN counted::numeric / suppliers END AS counted_is
      FROM periods
    ),
    corrections AS (
      SELECT a.organization_id, a.administration_period, a.suppliers, a.amount,
        -- The moved suppliers: out with their old values against the old average, in with the new.
        count(*) FILTER (WHERE m.counted_after > 0 AND m.amount_after > a.amount_is)
          - count(*) FILTER (WHERE m.counted_before > 0 AND m.amount_before > a.amount_was)
        -- The others between the two averages: above it now if it fell, no longer if it rose.
          + coalesce(sign(a.amount_was - a.amount_is) * (
            vigia_ranking_between(a.organization_id, a.administration_period, 'amount', a.amount_was, a.amount_is)
            - count(*) FILTER (WHERE m.counted_after > 0
                AND m.amount_after > least(a.amount_was, a.amount_is)
                AND m.amount_after <= greatest(a.amount_was, a.amount_is))), 0) AS above_amount,
        count(*) FILTER (WHERE m.counted_after > 0 AND m.counted_after > a.counted_is)
          - count(*) FILTER (WHERE m.counted_before > 0 AND m.counted_before > a.counted_was)
          + coalesce(sign(a.counted_was - a.counted_is) * (
            vigia_ranking_between(a.organization_id, a.administration_period, 'counted', a.counted_was, a.counted_is)
            - count(*) FILTER (WHERE m.counted_after > 0
                AND m.counted_after > least(a.counted_was, a.counted_is)
                AND m.counted_after <= greatest(a.counted_was, a.counted_is))), 0) AS above_counted
      FROM averages a JOIN moved m USING (organization_id, administration_period)
      GROUP BY a.organization_id, a.administration_period, a.suppliers, a.amount, a.amount_was, a.amount_is,
        a.counted_was, a.counted_is
    )
    UPDATE supplier_ranking_totals t SET
      leading_suppliers = vigia_leading_suppliers(c.organization_id, c.administration_period, c.amount),
      above_average_amount = CASE WHEN c.suppliers = 0 THEN 0 ELSE t.above_average_amount + c.above_amount END,
      above_average_contracts = CASE WHEN c.suppliers = 0 THEN 0 ELSE t.above_average_contracts + c.above_counted END
    FROM corrections c
    WHERE t.organization_id = c.organization_id AND t.administration_period = c.administration_period
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

-- Fill the new columns once from what they must hold.
UPDATE supplier_ranking_totals t
SET counted_suppliers = f.counted_suppliers, leading_suppliers = f.leading_suppliers,
  above_average_amount = f.above_average_amount, above_average_contracts = f.above_average_contracts
FROM organizations o, vigia_supplier_ranking_totals_of(o.id) f
WHERE f.organization_id = t.organization_id AND f.administration_period = t.administration_period;

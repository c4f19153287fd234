-- index_cube (what the corruption-risk index's variables count) is maintained in the same
-- transaction as each write, like the cubes (0013): a statement-level trigger on contracts adds the
-- concluded new rows and subtracts the concluded old ones. Writers take the monitor's shared figures
-- lock; the repair (a full rebuild from vigia_index_cube_of) takes the exclusive one.

-- The last day a quarter's XXVIII format is on time: 30 days after the quarter ends
-- ('1o 2024' → 2024-04-30, '4o 2024' → 2025-01-30); null for a period not written as a quarter.
CREATE OR REPLACE FUNCTION vigia_format_deadline(period text) RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN period ~ '^[1-4]o [0-9]{4}$'
    THEN (make_date(right(period, 4)::int, left(period, 1)::int * 3, 1) + interval '1 month')::date + 29 END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION vigia_index_cube_of(organization uuid) RETURNS SETOF index_cube
LANGUAGE sql STABLE AS $$
  SELECT organization_id, administration_period, period, procedure_type, organizer_administrative_unit_id,
    count(*)::integer,
    (count(*) FILTER (WHERE counts_in_totals))::integer,
    coalesce(sum(total_or_max_amount) FILTER (WHERE counts_in_totals), 0)::numeric(18, 2),
    (count(*) FILTER (WHERE counts_in_totals AND coalesce(contract_id, '') = ''))::integer,
    (count(*) FILTER (WHERE counts_in_totals AND limit_exceeded IS TRUE))::integer,
    (count(*) FILTER (WHERE category = 'EXTENSION'))::integer,
    (count(*) FILTER (WHERE counts_in_totals AND coalesce(contract_url, '') <> ''))::integer,
    (count(*) FILTER (WHERE counts_in_totals AND coalesce(announcement_url, '') <> ''))::integer,
    (count(*) FILTER (WHERE counts_in_totals AND coalesce(clarification_meeting_judgment_url, '') <> ''))::integer,
    (count(*) FILTER (WHERE counts_in_totals AND information_date IS NOT NULL))::integer,
    (count(*) FILTER (WHERE counts_in_totals AND information_date IS NOT NULL
      AND information_date > coalesce(vigia_format_deadline(period), '-infinity'::date)))::integer
  FROM contracts
  WHERE organization_id = organization AND deleted_at IS NULL AND procedure_state = 'CONCLUDED'
  GROUP BY 1, 2, 3, 4, 5
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION vigia_contracts_index_figures() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  columns constant text := 'organization_id, administration_period, period, procedure_type, '
    'organizer_administrative_unit_id, counts_in_totals, coalesce(total_or_max_amount, 0) AS amount, '
    'category = ''EXTENSION'' AS extension, coalesce(contract_id, '''') = '''' AS without_folio, '
    'limit_exceeded IS TRUE AS over_limit, coalesce(contract_url, '''') <> '''' AS has_contract_url, '
    'coalesce(announcement_url, '''') <> '''' AS has_announcement_url, '
    'coalesce(clarification_meeting_judgment_url, '''') <> '''' AS has_judgment_url, '
    'information_date IS NOT NULL AS dated, coalesce(information_date > coalesce(vigia_format_deadline(period), '
    '''-infinity''::date), false) AS late';
  concluded constant text := 'deleted_at IS NULL AND procedure_state = ''CONCLUDED''';
  changes text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changes := format('SELECT %s, 1 AS sign FROM new_rows WHERE %s', columns, concluded);
  ELSIF TG_OP = 'DELETE' THEN
    changes := format('SELECT %s, -1 AS sign FROM old_rows WHERE %s', columns, concluded);
  ELSE
    -- An update that changes nothing the index counts costs one join, nothing more.
    IF NOT EXISTS (
      SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.organization_id, n.administration_period, n.period, n.procedure_type,
             n.organizer_administrative_unit_id, n.procedure_state, n.counts_in_totals, n.total_or_max_amount,
             n.category, n.contract_id, n.limit_exceeded, n.contract_url, n.announcement_url,
             n.clarification_meeting_judgment_url, n.information_date, n.deleted_at IS NULL)
        IS DISTINCT FROM
            (o.organization_id, o.administration_period, o.period, o.procedure_type,
             o.organizer_administrative_unit_id, o.procedure_state, o.counts_in_totals, o.total_or_max_amount,
             o.category, o.contract_id, o.limit_exceeded, o.contract_url, o.announcement_url,
             o.clarification_meeting_judgment_url, o.information_date, o.deleted_at IS NULL)) THEN
      RETURN NULL;
    END IF;
    changes := format('SELECT %1$s, 1 AS sign FROM new_rows WHERE %2$s '
      'UNION ALL SELECT %1$s, -1 AS sign FROM old_rows WHERE %2$s', columns, concluded);
  END IF;

  EXECUTE format('SELECT count(pg_advisory_xact_lock_shared(vigia_figures_lock(organization_id))) '
    'FROM (SELECT DISTINCT organization_id FROM (%s) c ORDER BY 1) monitors', changes);

  EXECUTE format($q$
    WITH changes AS (%s),
    moved AS (
      SELECT organization_id, administration_period, period, procedure_type, organizer_administrative_unit_id,
        sum(sign) AS concluded,
        coalesce(sum(sign) FILTER (WHERE counts_in_totals), 0) AS counted,
        coalesce(sum(sign * amount) FILTER (WHERE counts_in_totals), 0) AS amount,
        coalesce(sum(sign) FILTER (WHERE counts_in_totals AND without_folio), 0) AS without_folio,
        coalesce(sum(sign) FILTER (WHERE counts_in_totals AND over_limit), 0) AS over_limit,
        coalesce(sum(sign) FILTER (WHERE extension), 0) AS extensions,
        coalesce(sum(sign) FILTER (WHERE counts_in_totals AND has_contract_url), 0) AS with_contract_url,
        coalesce(sum(sign) FILTER (WHERE counts_in_totals AND has_announcement_url), 0) AS with_announcement_url,
        coalesce(sum(sign) FILTER (WHERE counts_in_totals AND has_judgment_url), 0) AS with_judgment_url,
        coalesce(sum(sign) FILTER (WHERE counts_in_totals AND dated), 0) AS dated,
        coalesce(sum(sign) FILTER (WHERE counts_in_totals AND dated AND late), 0) AS late
      FROM changes GROUP BY 1, 2, 3, 4, 5
    )
    INSERT INTO index_cube AS cube (organization_id, administration_period, period, procedure_type,
      organizer_administrative_unit_id, concluded, counted, amount, without_folio, over_limit, extensions,
      with_contract_url, with_announcement_url, with_judgment_url, dated, late)
    SELECT * FROM moved
    WHERE concluded <> 0 OR counted <> 0 OR amount <> 0 OR without_folio <> 0 OR over_limit <> 0
      OR extensions <> 0 OR with_contract_url <> 0 OR with_announcement_url <> 0 OR with_judgment_url <> 0
      OR dated <> 0 OR late <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (organization_id, administration_period, period, procedure_type, organizer_administrative_unit_id)
    DO UPDATE SET concluded = cube.concluded + excluded.concluded, counted = cube.counted + excluded.counted,
      amount = cube.amount + excluded.amount, without_folio = cube.without_folio + excluded.without_folio,
      over_limit = cube.over_limit + excluded.over_limit, extensions = cube.extensions + excluded.extensions,
      with_contract_url = cube.with_contract_url + excluded.with_contract_url,
      with_announcement_url = cube.with_announcement_url + excluded.with_announcement_url,
      with_judgment_url = cube.with_judgment_url + excluded.with_judgment_url,
      dated = cube.dated + excluded.dated, late = cube.late + excluded.late
  $q$, changes);

  -- Rows left without concluded contracts go (an insert only adds, so it leaves none).
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format($q$
      WITH changes AS (%s)
      DELETE FROM index_cube cube USING (
        SELECT DISTINCT organization_id, administration_period, period, procedure_type,
          organizer_administrative_unit_id FROM changes) k
      WHERE cube.concluded = 0 AND cube.organization_id = k.organization_id
        AND cube.administration_period = k.administration_period AND cube.period = k.period
        AND cube.procedure_type = k.procedure_type
        AND cube.organizer_administrative_unit_id = k.organizer_administrative_unit_id
    $q$, changes);
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER contracts_index_figures_inserted AFTER INSERT ON contracts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vigia_contracts_index_figures();--> statement-breakpoint
CREATE TRIGGER contracts_index_figures_updated AFTER UPDATE ON contracts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vigia_contracts_index_figures();--> statement-breakpoint
CREATE TRIGGER contracts_index_figures_deleted AFTER DELETE ON contracts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vigia_contracts_index_figures();--> statement-breakpoint

-- TRUNCATE of contracts empties the index's figures too.
CREATE OR REPLACE FUNCTION vigia_contracts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM contract_cube;
  DELETE FROM supplier_cube;
  DELETE FROM supplier_ranking;
  DELETE FROM supplier_ranking_totals;
  DELETE FROM index_cube;
  DELETE FROM search_terms;
  RETURN NULL;
END
$$;--> statement-breakpoint

INSERT INTO index_cube SELECT f.* FROM organizations o, vigia_index_cube_of(o.id) f;

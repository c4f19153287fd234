-- Installing the default index is one change of a monitor's method, not thirteen: a new monitor's
-- method is version 1 (was 13, one per inserted calculation), and the installation updates the
-- monitor's row once. Edits afterwards still add one each. The thirteen are created one millisecond
-- apart, so the catalogue lists them in the index's order.
CREATE OR REPLACE FUNCTION vigia_default_index(organization uuid) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  ids jsonb := '{}';
  item record;
  new_id uuid;
  definition jsonb;
BEGIN
  -- The thirteen inserts are one change of the method: version 1 of a new monitor's method.
  PERFORM set_config('vigia.installing_index', 'on', true);
  FOR item IN SELECT * FROM (VALUES
    (1, '$$I1', '% del monto por licitación pública',
      'Parte del monto gastado que se contrató por licitación pública. A mayor porcentaje, mejor calificación.',
      '$MGLP / $MTG * 100', ARRAY['$MGLP', '$MTG'], ARRAY[]::text[], 'PERCENTAGE', false),
    (2, '$$I2', '% de contratos con folio',
      'Parte de los contratos que tienen número de folio. A mayor porcentaje, mejor calificación.',
      '100 - $NCSF / $NTC * 100', ARRAY['$NCSF', '$NTC'], ARRAY[]::text[], 'PERCENTAGE', false),
    (3, '$$I3', '% de contratos sin ampliación',
      'Parte de los contratos que no tuvieron una ampliación (ampliaciones frente al número de contratos). A mayor porcentaje, mejor calificación.',
      '100 - $NAC / $NTC * 100', ARRAY['$NAC', '$NTC'], ARRAY[]::text[], 'PERCENTAGE', false),
    (4, '$$I4', '% de adjudicaciones directas dentro del monto',
      'Parte de las adjudicaciones directas que no sobrepasan el monto máximo aprobado. A mayor porcentaje, mejor calificación.',
      '100 - $NCADSM / $NCAD * 100', ARRAY['$NCADSM', '$NCAD'], ARRAY[]::text[], 'PERCENTAGE', false),
    (5, '$$I5', 'Desconcentración de proveedores',
      'Qué parte de los proveedores reúne el 40% del monto, frente al 40% de un reparto parejo: 100 cuando el gasto está al menos tan repartido como en un reparto parejo. A mayor porcentaje, mejor calificación.',
      'min(100, ($NPCGE / $NTP * 100) / 40 * 100)', ARRAY['$NPCGE', '$NTP'], ARRAY[]::text[], 'PERCENTAGE', false),
    (6, '$$I6', '% de contratos publicados',
      'Parte de los contratos con la liga al contrato en el portal de transparencia. A mayor porcentaje, mejor calificación.',
      '$NCDPT / $NTC * 100', ARRAY['$NCDPT', '$NTC'], ARRAY[]::text[], 'PERCENTAGE', false),
    (7, '$$I7', '% de convocatorias publicadas',
      'Parte de los contratos con la liga a la convocatoria o invitación. A mayor porcentaje, mejor calificación.',
      '$NIDPT / $NTC * 100', ARRAY['$NIDPT', '$NTC'], ARRAY[]::text[], 'PERCENTAGE', false),
    (8, '$$I8', '% de juntas de aclaraciones publicadas',
      'Parte de las licitaciones públicas con la liga al fallo de la junta de aclaraciones. A mayor porcentaje, mejor calificación.',
      '$NCPJA / $NTCLP * 100', ARRAY['$NCPJA', '$NTCLP'], ARRAY[]::text[], 'PERCENTAGE', false),
    (9, '$$I9', '% de formatos XXVIII a tiempo',
      'Parte de los formatos XXVIII (por trimestre, unidad convocante y tipo) publicados a más tardar 30 días después del trimestre. A mayor porcentaje, mejor calificación.',
      '$NFXXVII / $NTF * 100', ARRAY['$NFXXVII', '$NTF'], ARRAY[]::text[], 'PERCENTAGE', false),
    (10, '$$EJE1', 'Manejo de contrataciones',
      'Promedio de los indicadores del eje: licitación pública, folios, ampliaciones y adjudicaciones directas dentro del monto.',
      'avg($$I1, $$I2, $$I3, $$I4)', ARRAY[]::text[], ARRAY['$$I1', '$$I2', '$$I3', '$$I4'], 'PERCENTAGE', false),
    (11, '$$EJE2', 'Competencia económica',
      'La desconcentración de proveedores.',
      '$$I5', ARRAY[]::text[], ARRAY['$$I5'], 'PERCENTAGE', false),
    (12, '$$EJE3', 'Transparencia',
      'Promedio de los indicadores del eje: contratos, convocatorias y juntas de aclaraciones publicados, y formatos XXVIII a tiempo.',
      'avg($$I6, $$I7, $$I8, $$I9)', ARRAY[]::text[], ARRAY['$$I6', '$$I7', '$$I8', '$$I9'], 'PERCENTAGE', false),
    (13, '$$IRC', 'Índice de Riesgo de Corrupción',
      'Promedio de los tres ejes, de 0 (alto riesgo) a 100 (bajo riesgo).',
      'avg($$EJE1, $$EJE2, $$EJE3)', ARRAY[]::text[], ARRAY['$$EJE1', '$$EJE2', '$$EJE3'], 'NORMAL', true)
  ) AS d(position, abbreviation, name, description, expression, variables, refs, display_form, locked)
  ORDER BY position
  LOOP
    new_id := gen_random_uuid();
    definition := jsonb_build_object(
      'name', item.name, 'description', item.description, 'abbreviation', item.abbreviation,
      'type', 'CONTRACT', 'expression', item.expression, 'hasPercentScale', false, 'scale', '[]'::jsonb,
      'filters', '[]'::jsonb, 'displayForm', item.display_form, 'administrationPeriod', NULL,
      'enabled', true, 'locked', item.locked);
    INSERT INTO calculations (id, organization_id, name, description, abbreviation, type, enabled, locked,
      formula, display_form, notes, version, created_at, updated_at)
    VALUES (new_id, organization, item.name, item.description, item.abbreviation, 'CONTRACT', true, item.locked,
      jsonb_build_object('expression', item.expression, 'variables', to_jsonb(item.variables),
        'calculations', coalesce((SELECT jsonb_agg(ids ->> r) FROM unnest(item.refs) AS r), '[]'::jsonb)),
      item.display_form::display_form, 'Índice predeterminado de Vigía.', 1,
      -- One millisecond apart, in the index's order: the catalogue (newest first) lists the index,
      -- its axes, then the indicators from I9 to I1.
      now() + item.position * interval '1 millisecond', now() + item.position * interval '1 millisecond');
    INSERT INTO calculation_versions (id, calculation_id, organization_id, version, definition)
    VALUES (gen_random_uuid(), new_id, organization, 1, definition);
    ids := ids || jsonb_build_object(item.abbreviation, new_id);
  END LOOP;
  PERFORM set_config('vigia.installing_index', 'off', true);
  UPDATE organizations SET calculations_version = calculations_version + 1 WHERE id = organization;
END
$fn$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION vigia_calculations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('vigia.installing_index', true) = 'on' THEN
    RETURN NULL;
  END IF;
  UPDATE organizations SET calculations_version = calculations_version + 1
  WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.organization_id ELSE NEW.organization_id END;
  IF TG_OP = 'UPDATE' AND NEW.organization_id IS DISTINCT FROM OLD.organization_id THEN
    UPDATE organizations SET calculations_version = calculations_version + 1 WHERE id = OLD.organization_id;
  END IF;
  RETURN NULL;
END
$$;

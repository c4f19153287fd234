INSERT INTO "contracts" ("id", "organization_id", "supplier_id", "procedure_type", "category", "administration_period", "fiscal_year", "period", "contract_id", "partida", "procedure_state", "announcement_url", "announcement_date", "services_description", "clarification_meeting_date", "clarification_meeting_judgment_url", "presentation_proposals_doc_url", "organizer_administrative_unit_id", "applicant_administrative_unit_id", "administrative_unit_type", "contract_number", "contract_date", "contract_type", "total_amount", "min_amount", "max_amount", "total_or_max_amount", "contract_url", "area_in_charge", "executing_area", "update_date", "notes", "karewa_notes", "information_date", "limit_exceeded", "amount_exceeded", "is_empty", "data_load_id", "import_fingerprint", "created_by", "updated_by") SELECT "id", "organization_id", "supplier_id", "procedure_type", "category", "administration_period", "fiscal_year", "period", "contract_id", "partida", "procedure_state", "announcement_url", "announcement_date", "services_description", "clarification_meeting_date", "clarification_meeting_judgment_url", "presentation_proposals_doc_url", "organizer_administrative_unit_id", "applicant_administrative_unit_id", "administrative_unit_type", "contract_number", "contract_date", "contract_type", "total_amount", "min_amount", "max_amount", "total_or_max_amount", "contract_url", "area_in_charge", "executing_area", "update_date", "notes", "karewa_notes", "information_date", "limit_exceeded", "amount_exceeded", "is_empty", "data_load_id", "import_fingerprint", "created_by", "updated_by"
  FROM json_to_recordset($1::json) AS r("id" uuid, "organization_id" uuid, "supplier_id" uuid, "procedure_type" procedure_type, "category" contract_category, "administration_period" text, "fiscal_year" text, "period" text, "contract_id" text, "partida" text, "procedure_state" procedure_state, "announcement_url" text, "announcement_date" date, "services_description" text, "clarification_meeting_date" date, "clarification_meeting_judgment_url" text, "presentation_proposals_doc_url" text, "organizer_administrative_unit_id" uuid, "applicant_administrative_unit_id" uuid, "administrative_unit_type" administrative_unit_type, "contract_number" text, "contract_date" date, "contract_type" contract_type, "total_amount" numeric(16, 2), "min_amount" numeric(16, 2), "max_amount" numeric(16, 2), "total_or_max_amount" numeric(16, 2), "contract_url" text, "area_in_charge" text, "executing_area" text, "update_date" date, "notes" text, "karewa_notes" text, "information_date" date, "limit_exceeded" boolean, "amount_exceeded" numeric(16, 2), "is_empty" boolean, "data_load_id" uuid, "import_fingerprint" text, "created_by" uuid, "updated_by" uuid);

INSERT INTO flag_writes (organization_id, contract_id) SELECT $1::uuid, id
  FROM unnest($2::uuid[]) AS written(id);

SELECT parameters, method_version
  FROM red_flag_settings
  WHERE organization_id = $1;

UPDATE contract_flags f
  SET amount = k.total_or_max_amount
  FROM contracts k
  WHERE k.id = f.contract_id AND f.contract_id = ANY($1::uuid[]) AND f.amount IS DISTINCT
  FROM k.total_or_max_amount;

WITH raised AS (SELECT *
  FROM ( SELECT DISTINCT ON (c.id) c.id, jsonb_build_object('rfc', x.rfc, 'listedName', x.name, 'authority', x.authority, 'laws', x.laws, 'file', x.file, 'from', x.debarment_from, 'to', x.debarment_to, 'contractDate', c.contract_date, 'cutOff', (SELECT cut_off
  FROM supplier_lists
  WHERE kind = 'SANCTIONS'), 'loadedAt', (SELECT loaded_at
  FROM supplier_lists
  WHERE kind = 'SANCTIONS'))
  FROM contracts c JOIN suppliers s ON s.id = c.supplier_id JOIN sanctioned_suppliers x ON x.rfc = upper(btrim(s.rfc)) AND c.contract_date BETWEEN x.debarment_from AND x.debarment_to
  WHERE c.organization_id = $1 AND c.deleted_at IS NULL AND NOT c.is_empty AND c.id = ANY($2::uuid[])
  ORDER BY c.id, x.debarment_from) AS raised(id, evidence)), kept AS ( INSERT INTO contract_flags (contract_id, organization_id, code, evidence, method_version, amount) SELECT raised.id, $3::uuid, $4, raised.evidence, $5::int, k.total_or_max_amount
  FROM raised JOIN contracts k ON k.id = raised.id
  ON CONFLICT (contract_id, code) DO UPDATE
  SET evidence = EXCLUDED.evidence, method_version = EXCLUDED.method_version, amount = EXCLUDED.amount
  RETURNING contract_id) DELETE
  FROM contract_flags
  WHERE organization_id = $6 AND code = $7 AND contract_id = ANY($8::uuid[]) AND contract_id NOT IN (SELECT id
  FROM raised);

WITH raised AS (SELECT *
  FROM ( SELECT c.id, '{}'::jsonb
  FROM contracts c
  WHERE c.organization_id = $1 AND c.deleted_at IS NULL AND NOT c.is_empty AND c.id = ANY($2::uuid[]) AND c.procedure_state = 'CONCLUDED' AND coalesce(btrim(c.contract_url), '') = '') AS raised(id, evidence)), kept AS ( INSERT INTO contract_flags (contract_id, organization_id, code, evidence, method_version, amount) SELECT raised.id, $3::uuid, $4, raised.evidence, $5::int, k.total_or_max_amount
  FROM raised JOIN contracts k ON k.id = raised.id
  ON CONFLICT (contract_id, code) DO UPDATE
  SET evidence = EXCLUDED.evidence, method_version = EXCLUDED.method_version, amount = EXCLUDED.amount
  RETURNING contract_id) DELETE
  FROM contract_flags
  WHERE organization_id = $6 AND code = $7 AND contract_id = ANY($8::uuid[]) AND contract_id NOT IN (SELECT id
  FROM raised);

WITH raised AS (SELECT *
  FROM ( SELECT c.id, '{}'::jsonb
  FROM contracts c
  WHERE c.organization_id = $1 AND c.deleted_at IS NULL AND NOT c.is_empty AND c.id = ANY($2::uuid[]) AND c.procedure_type IN ('PUBLIC', 'INVITATION') AND coalesce(btrim(c.announcement_url), '') = '') AS raised(id, evidence)), kept AS ( INSERT INTO contract_flags (contract_id, organization_id, code, evidence, method_version, amount) SELECT raised.id, $3::uuid, $4, raised.evidence, $5::int, k.total_or_max_amount
  FROM raised JOIN contracts k ON k.id = raised.id
  ON CONFLICT (contract_id, code) DO UPDATE
  SET evidence = EXCLUDED.evidence, method_version = EXCLUDED.method_version, amount = EXCLUDED.amount
  RETURNING contract_id) DELETE
  FROM contract_flags
  WHERE organization_id = $6 AND code = $7 AND contract_id = ANY($8::uuid[]) AND contract_id NOT IN (SELECT id
  FROM raised);

WITH raised AS (SELECT *
  FROM ( SELECT c.id, jsonb_build_object('amount', c.total_or_max_amount, 'limit', ($1::jsonb ->> c.fiscal_year)::numeric, 'fiscalYear', c.fiscal_year, 'limitExceeded', c.limit_exceeded IS TRUE, 'amountExceeded', c.amount_exceeded)
  FROM contracts c
  WHERE c.organization_id = $2 AND c.deleted_at IS NULL AND NOT c.is_empty AND c.id = ANY($3::uuid[]) AND c.procedure_type = 'NO_BID' AND (c.limit_exceeded IS TRUE OR c.total_or_max_amount > ($4::jsonb ->> c.fiscal_year)::numeric)) AS raised(id, evidence)), kept AS ( INSERT INTO contract_flags (contract_id, organization_id, code, evidence, method_version, amount) SELECT raised.id, $5::uuid, $6, raised.evidence, $7::int, k.total_or_max_amount
  FROM raised JOIN contracts k ON k.id = raised.id
  ON CONFLICT (contract_id, code) DO UPDATE
  SET evidence = EXCLUDED.evidence, method_version = EXCLUDED.method_version, amount = EXCLUDED.amount
  RETURNING contract_id) DELETE
  FROM contract_flags
  WHERE organization_id = $8 AND code = $9 AND contract_id = ANY($10::uuid[]) AND contract_id NOT IN (SELECT id
  FROM raised);

WITH raised AS (SELECT *
  FROM ( SELECT c.id, jsonb_build_object('bidder', jsonb_build_object('name', b.name, 'rfc', b.rfc))
  FROM contracts c JOIN LATERAL (SELECT count(*) AS n, min(name) AS name, min(rfc) AS rfc
  FROM contract_parties p
  WHERE p.contract_id = c.id AND p.role = 'BIDDER') b ON b.n = 1
  WHERE c.organization_id = $1 AND c.deleted_at IS NULL AND NOT c.is_empty AND c.id = ANY($2::uuid[]) AND c.procedure_type IN ('PUBLIC', 'INVITATION')) AS raised(id, evidence)), kept AS ( INSERT INTO contract_flags (contract_id, organization_id, code, evidence, method_version, amount) SELECT raised.id, $3::uuid, $4, raised.evidence, $5::int, k.total_or_max_amount
  FROM raised JOIN contracts k ON k.id = raised.id
  ON CONFLICT (contract_id, code) DO UPDATE
  SET evidence = EXCLUDED.evidence, method_version = EXCLUDED.method_version, amount = EXCLUDED.amount
  RETURNING contract_id) DELETE
  FROM contract_flags
  WHERE organization_id = $6 AND code = $7 AND contract_id = ANY($8::uuid[]) AND contract_id NOT IN (SELECT id
  FROM raised);

WITH raised AS (SELECT *
  FROM ( SELECT c.id, jsonb_build_object('count', a.n, 'amendments', a.list)
  FROM contracts c JOIN LATERAL (SELECT count(*) AS n, jsonb_agg(jsonb_build_object('number', number, 'signedDate', signed_date, 'object', object)
  ORDER BY position) AS list
  FROM contract_amendments a
  WHERE a.contract_id = c.id) a ON a.n > 0
  WHERE c.organization_id = $1 AND c.deleted_at IS NULL AND NOT c.is_empty AND c.id = ANY($2::uuid[])) AS raised(id, evidence)), kept AS ( INSERT INTO contract_flags (contract_id, organization_id, code, evidence, method_version, amount) SELECT raised.id, $3::uuid, $4, raised.evidence, $5::int, k.total_or_max_amount
  FROM raised JOIN contracts k ON k.id = raised.id
  ON CONFLICT (contract_id, code) DO UPDATE
  SET evidence = EXCLUDED.evidence, method_version = EXCLUDED.method_version, amount = EXCLUDED.amount
  RETURNING contract_id) DELETE
  FROM contract_flags
  WHERE organization_id = $6 AND code = $7 AND contract_id = ANY($8::uuid[]) AND contract_id NOT IN (SELECT id
  FROM raised);

WITH raised AS (SELECT *
  FROM ( SELECT c.id, jsonb_build_object('count', b.n, 'bidders', b.names)
  FROM contracts c JOIN LATERAL (SELECT count(*) AS n, jsonb_agg(jsonb_build_object('name', name, 'rfc', rfc)
  ORDER BY position) AS names
  FROM contract_parties p
  WHERE p.contract_id = c.id AND p.role = 'BIDDER') b ON b.n BETWEEN 1 AND 2
  WHERE c.organization_id = $1 AND c.deleted_at IS NULL AND NOT c.is_empty AND c.id = ANY($2::uuid[]) AND c.procedure_type = 'INVITATION') AS raised(id, evidence)), kept AS ( INSERT INTO contract_flags (contract_id, organization_id, code, evidence, method_version, amount) SELECT raised.id, $3::uuid, $4, raised.evidence, $5::int, k.total_or_max_amount
  FROM raised JOIN contracts k ON k.id = raised.id
  ON CONFLICT (contract_id, code) DO UPDATE
  SET evidence = EXCLUDED.evidence, method_version = EXCLUDED.method_version, amount = EXCLUDED.amount
  RETURNING contract_id) DELETE
  FROM contract_flags
  WHERE organization_id = $6 AND code = $7 AND contract_id = ANY($8::uuid[]) AND contract_id NOT IN (SELECT id
  FROM raised);

WITH raised AS (SELECT *
  FROM ( SELECT c.id, jsonb_build_object('informationDate', c.information_date, 'deadline', vigia_format_deadline(c.period), 'period', c.period)
  FROM contracts c
  WHERE c.organization_id = $1 AND c.deleted_at IS NULL AND NOT c.is_empty AND c.id = ANY($2::uuid[]) AND c.information_date IS NOT NULL AND c.information_date > vigia_format_deadline(c.period)) AS raised(id, evidence)), kept AS ( INSERT INTO contract_flags (contract_id, organization_id, code, evidence, method_version, amount) SELECT raised.id, $3::uuid, $4, raised.evidence, $5::int, k.total_or_max_amount
  FROM raised JOIN contracts k ON k.id = raised.id
  ON CONFLICT (contract_id, code) DO UPDATE
  SET evidence = EXCLUDED.evidence, method_version = EXCLUDED.method_version, amount = EXCLUDED.amount
  RETURNING contract_id) DELETE
  FROM contract_flags
  WHERE organization_id = $6 AND code = $7 AND contract_id = ANY($8::uuid[]) AND contract_id NOT IN (SELECT id
  FROM raised);

WITH raised AS (SELECT *
  FROM ( SELECT c.id, jsonb_build_object('rfc', e.rfc, 'listedName', e.name, 'situation', e.situation, 'presumptionDof', e.presumption_dof, 'presumptionSat', e.presumption_sat, 'definitiveDof', e.definitive_dof, 'definitiveSat', e.definitive_sat, 'contractDate', c.contract_date, 'cutOff', (SELECT cut_off
  FROM supplier_lists
  WHERE kind = 'SAT_69B'))
  FROM contracts c JOIN suppliers s ON s.id = c.supplier_id JOIN sat_69b_entries e ON e.rfc = upper(btrim(s.rfc))
  WHERE c.organization_id = $1 AND c.deleted_at IS NULL AND NOT c.is_empty AND c.id = ANY($2::uuid[]) AND e.situation IN ('PRESUNTO', 'DEFINITIVO')) AS raised(id, evidence)), kept AS ( INSERT INTO contract_flags (contract_id, organization_id, code, evidence, method_version, amount) SELECT raised.id, $3::uuid, $4, raised.evidence, $5::int, k.total_or_max_amount
  FROM raised JOIN contracts k ON k.id = raised.id
  ON CONFLICT (contract_id, code) DO UPDATE
  SET evidence = EXCLUDED.evidence, method_version = EXCLUDED.method_version, amount = EXCLUDED.amount
  RETURNING contract_id) DELETE
  FROM contract_flags
  WHERE organization_id = $6 AND code = $7 AND contract_id = ANY($8::uuid[]) AND contract_id NOT IN (SELECT id
  FROM raised);

WITH raised AS (SELECT *
  FROM ( SELECT c.id, jsonb_build_object('rfc', s.rfc, 'supplier', s.name)
  FROM contracts c JOIN suppliers s ON s.id = c.supplier_id
  WHERE c.organization_id = $1 AND c.deleted_at IS NULL AND NOT c.is_empty AND c.id = ANY($2::uuid[]) AND nullif(btrim(s.rfc), '') IS NOT NULL AND upper(btrim(s.rfc)) !~ $3) AS raised(id, evidence)), kept AS ( INSERT INTO contract_flags (contract_id, organization_id, code, evidence, method_version, amount) SELECT raised.id, $4::uuid, $5, raised.evidence, $6::int, k.total_or_max_amount
  FROM raised JOIN contracts k ON k.id = raised.id
  ON CONFLICT (contract_id, code) DO UPDATE
  SET evidence = EXCLUDED.evidence, method_version = EXCLUDED.method_version, amount = EXCLUDED.amount
  RETURNING contract_id) DELETE
  FROM contract_flags
  WHERE organization_id = $7 AND code = $8 AND contract_id = ANY($9::uuid[]) AND contract_id NOT IN (SELECT id
  FROM raised);

WITH raised AS (SELECT *
  FROM ( WITH holidays AS ( SELECT d::date AS day, n AS name
  FROM unnest($1::text[], $2::text[]) AS h(d, n) ) SELECT c.id, jsonb_build_object('date', c.contract_date, 'kind', CASE WHEN h.day IS NOT NULL THEN 'HOLIDAY' WHEN extract(isodow
  FROM c.contract_date) = 6 THEN 'SATURDAY' ELSE 'SUNDAY' END, 'name', coalesce(h.name, CASE WHEN extract(isodow
  FROM c.contract_date) = 6 THEN 'sábado' ELSE 'domingo' END))
  FROM contracts c
  LEFT JOIN holidays h ON h.day = c.contract_date
  WHERE c.organization_id = $3 AND c.deleted_at IS NULL AND NOT c.is_empty AND c.id = ANY($4::uuid[]) AND c.contract_date IS NOT NULL AND (h.day IS NOT NULL OR extract(isodow
  FROM c.contract_date) IN (6, 7))) AS raised(id, evidence)), kept AS ( INSERT INTO contract_flags (contract_id, organization_id, code, evidence, method_version, amount) SELECT raised.id, $5::uuid, $6, raised.evidence, $7::int, k.total_or_max_amount
  FROM raised JOIN contracts k ON k.id = raised.id
  ON CONFLICT (contract_id, code) DO UPDATE
  SET evidence = EXCLUDED.evidence, method_version = EXCLUDED.method_version, amount = EXCLUDED.amount
  RETURNING contract_id) DELETE
  FROM contract_flags
  WHERE organization_id = $8 AND code = $9 AND contract_id = ANY($10::uuid[]) AND contract_id NOT IN (SELECT id
  FROM raised);

select "contracts"."id", "contracts"."organization_id", "contracts"."supplier_id", "contracts"."procedure_type", "contracts"."category", "contracts"."administration_period", "contracts"."fiscal_year", "contracts"."period", "contracts"."contract_id", "contracts"."partida", "contracts"."procedure_state", "contracts"."announcement_url", "contracts"."announcement_date", "contracts"."services_description", "contracts"."clarification_meeting_date", "contracts"."clarification_meeting_judgment_url", "contracts"."presentation_proposals_doc_url", "contracts"."organizer_administrative_unit_id", "contracts"."applicant_administrative_unit_id", "contracts"."administrative_unit_type", "contracts"."contract_number", "contracts"."contract_date", "contracts"."contract_type", "contracts"."total_amount", "contracts"."min_amount", "contracts"."max_amount", "contracts"."total_or_max_amount", "contracts"."contract_url", "contracts"."area_in_charge", "contracts"."executing_area", "contracts"."update_date", "contracts"."notes", "contracts"."karewa_notes", "contracts"."information_date", "contracts"."limit_exceeded", "contracts"."amount_exceeded", "contracts"."is_empty", "contracts"."data_load_id", "contracts"."import_fingerprint", "contracts"."counts_in_totals", "contracts"."search_text", "contracts"."created_by", "contracts"."updated_by", "contracts"."created_at", "contracts"."updated_at", "contracts"."deleted_at", "contracts"."deleted_by", "contracts"."change", "contracts"."change_xid", "suppliers"."name", "organizer_unit"."name", "applicant_unit"."name"
  from "contracts"
  left join "suppliers" on "suppliers"."id" = "contracts"."supplier_id"
  left join "administrative_units" "organizer_unit" on "organizer_unit"."id" = "contracts"."organizer_administrative_unit_id"
  left join "administrative_units" "applicant_unit" on "applicant_unit"."id" = "contracts"."applicant_administrative_unit_id"
  where "contracts"."id" = $1;

select "id"
  from "administrative_units"
  where ("administrative_units"."id" = ANY($1::uuid[]) and "administrative_units"."organization_id" = $2 and "administrative_units"."deleted_at" is null);

select "id"
  from "suppliers"
  where ("suppliers"."id" = ANY($1::uuid[]) and "suppliers"."organization_id" = $2 and "suppliers"."deleted_at" is null);

select "id", "contract_number"
  from "contracts"
  where ("contracts"."organization_id" = $1 and "contracts"."deleted_at" is null and "contracts"."contract_number" = ANY($2::text[]));

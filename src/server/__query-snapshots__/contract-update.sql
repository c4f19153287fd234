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
  from "contracts"
  where ("contracts"."id" = ANY($1::uuid[]) and "contracts"."organization_id" = $2 and "contracts"."deleted_at" is null);

select "id"
  from "suppliers"
  where ("suppliers"."id" = ANY($1::uuid[]) and "suppliers"."organization_id" = $2 and "suppliers"."deleted_at" is null);

select "id", "contract_number"
  from "contracts"
  where ("contracts"."organization_id" = $1 and "contracts"."deleted_at" is null and "contracts"."contract_number" = ANY($2::text[]));

update "contracts"
  set "supplier_id" = $1, "procedure_type" = $2, "category" = $3, "administration_period" = $4, "fiscal_year" = $5, "period" = $6, "contract_id" = $7, "partida" = $8, "procedure_state" = $9, "announcement_url" = $10, "announcement_date" = $11, "services_description" = $12, "clarification_meeting_date" = $13, "clarification_meeting_judgment_url" = $14, "presentation_proposals_doc_url" = $15, "organizer_administrative_unit_id" = $16, "applicant_administrative_unit_id" = $17, "administrative_unit_type" = $18, "contract_number" = $19, "contract_date" = $20, "contract_type" = $21, "total_amount" = $22, "min_amount" = $23, "max_amount" = $24, "total_or_max_amount" = $25, "contract_url" = $26, "area_in_charge" = $27, "executing_area" = $28, "update_date" = $29, "notes" = $30, "karewa_notes" = $31, "information_date" = $32, "limit_exceeded" = $33, "amount_exceeded" = $34, "is_empty" = $35, "updated_by" = $36, "updated_at" = $37
  where ("contracts"."id" = $38 and "contracts"."organization_id" = $39 and "contracts"."deleted_at" is null)
  returning "id";

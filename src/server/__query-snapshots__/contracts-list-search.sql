SELECT contract_id, code
  FROM contract_flags
  WHERE organization_id = $1 AND contract_id = ANY($2::uuid[]);

select "contracts"."id", "contracts"."procedure_type", "contracts"."category", "contracts"."administration_period", "contracts"."fiscal_year", "contracts"."period", "contracts"."contract_id", "contracts"."procedure_state", "contracts"."announcement_url", "contracts"."services_description", "contracts"."presentation_proposals_doc_url", "contracts"."contract_number", "contracts"."contract_date", "contracts"."contract_type", "contracts"."total_or_max_amount", "contracts"."contract_url", "contracts"."notes", "contracts"."information_date", "contracts"."is_empty", "contracts"."counts_in_totals", "contracts"."supplier_id", "suppliers"."name", "contracts"."applicant_administrative_unit_id", "applicant"."name"
  from "contracts"
  left join "suppliers" on "suppliers"."id" = "contracts"."supplier_id"
  left join "administrative_units" "applicant" on "applicant"."id" = "contracts"."applicant_administrative_unit_id"
  where (("contracts"."organization_id" = $1 and "contracts"."deleted_at" is null) and ("contracts"."search_text" LIKE '%' || lower(immutable_unaccent($2)) || '%' or "contracts"."supplier_id" in ($3)))
  order by "contracts"."total_or_max_amount" DESC NULLS LAST, "contracts"."id" DESC NULLS LAST
  limit $4;

select "contracts"."id", "contracts"."procedure_type", "contracts"."category", "contracts"."administration_period", "contracts"."fiscal_year", "contracts"."period", "contracts"."contract_id", "contracts"."procedure_state", "contracts"."announcement_url", "contracts"."services_description", "contracts"."presentation_proposals_doc_url", "contracts"."contract_number", "contracts"."contract_date", "contracts"."contract_type", "contracts"."total_or_max_amount", "contracts"."contract_url", "contracts"."notes", "contracts"."information_date", "contracts"."is_empty", "contracts"."counts_in_totals", "contracts"."supplier_id", "suppliers"."name", "contracts"."applicant_administrative_unit_id", "applicant"."name"
  from (select "id", "organization_id", "supplier_id", "procedure_type", "category", "administration_period", "fiscal_year", "period", "contract_id", "partida", "procedure_state", "announcement_url", "announcement_date", "services_description", "clarification_meeting_date", "clarification_meeting_judgment_url", "presentation_proposals_doc_url", "organizer_administrative_unit_id", "applicant_administrative_unit_id", "administrative_unit_type", "contract_number", "contract_date", "contract_type", "total_amount", "min_amount", "max_amount", "total_or_max_amount", "contract_url", "area_in_charge", "executing_area", "update_date", "notes", "karewa_notes", "information_date", "limit_exceeded", "amount_exceeded", "is_empty", "data_load_id", "import_fingerprint", "counts_in_totals", "search_text", "created_by", "updated_by", "created_at", "updated_at", "deleted_at", "deleted_by", "change", "change_xid"
  from "contracts"
  where ("contracts"."organization_id" = $1 and "contracts"."deleted_at" is null)
  order by "contracts"."total_or_max_amount" DESC NULLS LAST, "contracts"."id" DESC NULLS LAST
  limit $2) "contracts"
  left join "suppliers" on "suppliers"."id" = "contracts"."supplier_id"
  left join "administrative_units" "applicant" on "applicant"."id" = "contracts"."applicant_administrative_unit_id"
  where ("contracts"."search_text" LIKE '%' || lower(immutable_unaccent($3)) || '%' or "contracts"."supplier_id" in ($4))
  order by "contracts"."total_or_max_amount" DESC NULLS LAST, "contracts"."id" DESC NULLS LAST
  limit $5;

select "id"
  from "suppliers"
  where ("suppliers"."organization_id" = $1 and "suppliers"."deleted_at" is null and "suppliers"."search_name" LIKE '%' || lower(immutable_unaccent($2)) || '%')
  order by "suppliers"."id" asc
  limit $3;

select "procedure_type", count(*), count(*) FILTER (WHERE "contracts"."counts_in_totals"), coalesce(sum("total_or_max_amount") FILTER (WHERE "contracts"."counts_in_totals"), 0)
  from "contracts"
  where (("contracts"."organization_id" = $1 and "contracts"."deleted_at" is null and EXISTS (SELECT 1
  FROM contract_flags f
  WHERE f.contract_id = "contracts"."id")) and ("contracts"."search_text" LIKE '%' || lower(immutable_unaccent($2)) || '%' or "contracts"."supplier_id" in ($3)))
  group by "contracts"."procedure_type";

select "procedure_type", count(*), count(*) FILTER (WHERE "contracts"."counts_in_totals"), coalesce(sum("total_or_max_amount") FILTER (WHERE "contracts"."counts_in_totals"), 0)
  from "contracts"
  where (("contracts"."organization_id" = $1 and "contracts"."deleted_at" is null) and ("contracts"."search_text" LIKE '%' || lower(immutable_unaccent($2)) || '%' or "contracts"."supplier_id" in ($3)))
  group by "contracts"."procedure_type";

select "search_figures"."procedure_type", "search_figures"."contracts", "search_figures"."counted", "search_figures"."amount"
  from "search_terms"
  left join "search_figures" on ("search_figures"."organization_id" = "search_terms"."organization_id" and "search_figures"."pattern" = "search_terms"."pattern")
  where ("search_terms"."organization_id" = $1 and "search_terms"."pattern" = '%' || lower(immutable_unaccent($2)) || '%');

SELECT contract_id, code
  FROM contract_flags
  WHERE organization_id = $1 AND contract_id = ANY($2::uuid[]);

select "contracts"."id", "contracts"."procedure_type", "contracts"."category", "contracts"."administration_period", "contracts"."fiscal_year", "contracts"."period", "contracts"."contract_id", "contracts"."procedure_state", "contracts"."announcement_url", "contracts"."services_description", "contracts"."presentation_proposals_doc_url", "contracts"."contract_number", "contracts"."contract_date", "contracts"."contract_type", "contracts"."total_or_max_amount", "contracts"."contract_url", "contracts"."notes", "contracts"."information_date", "contracts"."is_empty", "contracts"."counts_in_totals", "contracts"."supplier_id", "suppliers"."name", "contracts"."applicant_administrative_unit_id", "applicant"."name"
  from "contracts"
  left join "suppliers" on "suppliers"."id" = "contracts"."supplier_id"
  left join "administrative_units" "applicant" on "applicant"."id" = "contracts"."applicant_administrative_unit_id"
  where ("contracts"."organization_id" = $1 and "contracts"."deleted_at" is null)
  order by "contracts"."total_or_max_amount" DESC NULLS LAST, "contracts"."id" DESC NULLS LAST
  limit $2;

select "data_version"
  from "flag_cube_state"
  where "flag_cube_state"."organization_id" = $1;

select "procedure_type", coalesce(sum("contracts"), 0), coalesce(sum("counted"), 0), coalesce(sum("amount"), 0)
  from "contract_cube"
  where "contract_cube"."organization_id" = $1
  group by "contract_cube"."procedure_type";

select "procedure_type", count(*), count(*) FILTER (WHERE "contracts"."counts_in_totals"), coalesce(sum("total_or_max_amount") FILTER (WHERE "contracts"."counts_in_totals"), 0)
  from "contracts"
  where ("contracts"."organization_id" = $1 and "contracts"."deleted_at" is null and EXISTS (SELECT 1
  FROM contract_flags f
  WHERE f.contract_id = "contracts"."id"))
  group by "contracts"."procedure_type";

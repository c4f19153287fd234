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
  where ("contracts"."organization_id" = $1 and "contracts"."deleted_at" is null and "contracts"."contract_number" = ANY(ARRAY(SELECT json_array_elements_text($2::json))));

update "contracts"
  set "supplier_id" = $1, "procedure_type" = $2, "category" = $3, "administration_period" = $4, "fiscal_year" = $5, "period" = $6, "contract_id" = $7, "partida" = $8, "procedure_state" = $9, "announcement_url" = $10, "announcement_date" = $11, "services_description" = $12, "clarification_meeting_date" = $13, "clarification_meeting_judgment_url" = $14, "presentation_proposals_doc_url" = $15, "organizer_administrative_unit_id" = $16, "applicant_administrative_unit_id" = $17, "administrative_unit_type" = $18, "contract_number" = $19, "contract_date" = $20, "contract_type" = $21, "total_amount" = $22, "min_amount" = $23, "max_amount" = $24, "total_or_max_amount" = $25, "contract_url" = $26, "area_in_charge" = $27, "executing_area" = $28, "update_date" = $29, "notes" = $30, "karewa_notes" = $31, "information_date" = $32, "limit_exceeded" = $33, "amount_exceeded" = $34, "is_empty" = $35, "updated_by" = $36, "updated_at" = $37
  where ("contracts"."id" = $38 and "contracts"."organization_id" = $39 and "contracts"."deleted_at" is null)
  returning "id";

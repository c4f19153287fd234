SELECT contracts.supplier_id AS supplier, f.code, count(DISTINCT contracts.id) AS n
  FROM contracts JOIN contract_flags f ON f.contract_id = contracts.id
  WHERE ("contracts"."organization_id" = $1 and "contracts"."deleted_at" is null and "contracts"."supplier_id" in ($2))
  GROUP BY GROUPING SETS ((contracts.supplier_id, f.code), (contracts.supplier_id));

select "contracts"."id", "contracts"."contract_id", "contracts"."contract_number", "contracts"."services_description", "contracts"."procedure_type", "contracts"."contract_date", "contracts"."total_or_max_amount", "suppliers"."id", "suppliers"."name"
  from "contracts"
  left join "suppliers" on "suppliers"."id" = "contracts"."supplier_id"
  where ("contracts"."organization_id" = $1 and "contracts"."deleted_at" is null and ("contracts"."supplier_id" is null or "contracts"."supplier_id" <> $2) and exists (select 1
  from "contract_parties"
  where ("contract_parties"."contract_id" = "contracts"."id" and "contract_parties"."organization_id" = $3 and "contract_parties"."role" = $4 and "contract_parties"."rfc" = $5)))
  order by "contracts"."contract_date" DESC NULLS LAST, "contracts"."id" desc
  limit $6;

select "id", "name", "rfc", "updated_at"
  from "suppliers"
  where ("suppliers"."id" = $1 and "suppliers"."organization_id" = $2 and "suppliers"."deleted_at" is null)
  limit $3;

select "id", "services_description", "total_or_max_amount", "contract_date", "procedure_type", "procedure_state", "category", "counts_in_totals" IS TRUE
  from "contracts"
  where (("contracts"."organization_id" = $1 and "contracts"."deleted_at" is null and "contracts"."supplier_id" in ($2)) and "contracts"."procedure_type" = $3)
  order by "contracts"."contract_date" DESC NULLS LAST, "contracts"."id" DESC NULLS LAST
  limit $4;

select "procedure_type", coalesce(sum("contracts"), 0), coalesce(sum("counted"), 0), coalesce(sum("amount"), 0)
  from "supplier_cube"
  where ("supplier_cube"."organization_id" = $1 and "supplier_cube"."supplier_id" in ($2))
  group by "supplier_cube"."procedure_type";

select count(*)
  from "contracts"
  where ("contracts"."organization_id" = $1 and "contracts"."deleted_at" is null and ("contracts"."supplier_id" is null or "contracts"."supplier_id" <> $2) and exists (select 1
  from "contract_parties"
  where ("contract_parties"."contract_id" = "contracts"."id" and "contract_parties"."organization_id" = $3 and "contract_parties"."role" = $4 and "contract_parties"."rfc" = $5)));

SELECT contracts.supplier_id AS supplier, f.code, count(DISTINCT contracts.id) AS n
  FROM contracts JOIN contract_flags f ON f.contract_id = contracts.id
  WHERE ("contracts"."organization_id" = $1 and "contracts"."deleted_at" is null and "contracts"."fiscal_year" in ($2)) AND contracts.supplier_id = ANY($3::uuid[])
  GROUP BY GROUPING SETS ((contracts.supplier_id, f.code), (contracts.supplier_id));

select "supplier_id", "suppliers"."name", "contractsCount", "publicCount", "invitationCount", "noBidCount", "public", "invitation", "noBid", "total"
  from (select "supplier_id" as "supplier_id", count(*) as "contractsCount", count(*) FILTER (WHERE "contracts"."counts_in_totals" AND "contracts"."procedure_type" = $1) as "publicCount", count(*) FILTER (WHERE "contracts"."counts_in_totals" AND "contracts"."procedure_type" = $2) as "invitationCount", count(*) FILTER (WHERE "contracts"."counts_in_totals" AND "contracts"."procedure_type" = $3) as "noBidCount", coalesce(sum("contracts"."total_or_max_amount") FILTER (WHERE "contracts"."counts_in_totals" AND "contracts"."procedure_type" = $4), 0) as "public", coalesce(sum("contracts"."total_or_max_amount") FILTER (WHERE "contracts"."counts_in_totals" AND "contracts"."procedure_type" = $5), 0) as "invitation", coalesce(sum("contracts"."total_or_max_amount") FILTER (WHERE "contracts"."counts_in_totals" AND "contracts"."procedure_type" = $6), 0) as "noBid", coalesce(sum("contracts"."total_or_max_amount") FILTER (WHERE "contracts"."counts_in_totals"), 0) as "total"
  from "contracts"
  where (("contracts"."organization_id" = $7 and "contracts"."deleted_at" is null and "contracts"."fiscal_year" in ($8)) and "contracts"."supplier_id" IS NOT NULL)
  group by "contracts"."supplier_id") "grouped"
  inner join "suppliers" on "suppliers"."id" = "supplier_id"
  order by "total" DESC, "suppliers"."name", "supplier_id"
  limit $9;

select count(*), count(*) FILTER (WHERE "contracts"."counts_in_totals" AND "contracts"."procedure_type" = $1), count(*) FILTER (WHERE "contracts"."counts_in_totals" AND "contracts"."procedure_type" = $2), count(*) FILTER (WHERE "contracts"."counts_in_totals" AND "contracts"."procedure_type" = $3), coalesce(sum("total_or_max_amount") FILTER (WHERE "contracts"."counts_in_totals" AND "contracts"."procedure_type" = $4), 0), coalesce(sum("total_or_max_amount") FILTER (WHERE "contracts"."counts_in_totals" AND "contracts"."procedure_type" = $5), 0), coalesce(sum("total_or_max_amount") FILTER (WHERE "contracts"."counts_in_totals" AND "contracts"."procedure_type" = $6), 0), coalesce(sum("total_or_max_amount") FILTER (WHERE "contracts"."counts_in_totals"), 0)
  from "contracts"
  where (("contracts"."organization_id" = $7 and "contracts"."deleted_at" is null and "contracts"."fiscal_year" in ($8)) and "contracts"."supplier_id" IS NOT NULL);

select count(DISTINCT "supplier_id")
  from "contracts"
  where (("contracts"."organization_id" = $1 and "contracts"."deleted_at" is null and "contracts"."fiscal_year" in ($2)) and "contracts"."supplier_id" IS NOT NULL);

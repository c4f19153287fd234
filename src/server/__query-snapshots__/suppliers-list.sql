SELECT contracts.supplier_id AS supplier, f.code, count(DISTINCT contracts.id) AS n
  FROM contracts JOIN contract_flags f ON f.contract_id = contracts.id
  WHERE ("contracts"."organization_id" = $1 and "contracts"."deleted_at" is null) AND contracts.supplier_id = ANY($2::uuid[])
  GROUP BY GROUPING SETS ((contracts.supplier_id, f.code), (contracts.supplier_id));

select "organization_id", "administration_period", "suppliers", "contracts_count", "public_count", "invitation_count", "no_bid_count", "public", "invitation", "no_bid", "total", "counted_suppliers", "leading_suppliers", "above_average_amount", "above_average_contracts"
  from "supplier_ranking_totals"
  where ("supplier_ranking_totals"."organization_id" = $1 and "supplier_ranking_totals"."administration_period" = $2);

select "supplier_id", "name", "contracts_count", "public_count", "invitation_count", "no_bid_count", "public", "invitation", "no_bid", "total"
  from "supplier_ranking"
  where ("supplier_ranking"."organization_id" = $1 and "supplier_ranking"."administration_period" = $2)
  order by "supplier_ranking"."total" DESC NULLS LAST, "supplier_ranking"."name" asc, "supplier_ranking"."supplier_id" asc
  limit $3;

select "period", "procedure_type", coalesce(sum("contracts"), 0), coalesce(sum("counted"), 0), coalesce(sum("amount"), 0)
  from "contract_cube"
  where "contract_cube"."organization_id" = $1
  group by "contract_cube"."period", "contract_cube"."procedure_type";

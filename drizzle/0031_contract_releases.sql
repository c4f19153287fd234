-- Issue 31 (decision 0051): every write of a contract is an OCDS release. A contract carries the
-- number of its latest write (contract_change_seq) and the transaction that made it; the state a
-- write replaces (an edit, a load that updates it, its deletion) is kept in contract_history with
-- what the contract kept beside its fields, so a record shows its history and a deleted contract
-- stays in it. A state written and rewritten by one transaction was never seen: it is not kept.
CREATE SEQUENCE "public"."contract_change_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "contract_history" (
	"contract_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"change" bigint NOT NULL,
	"change_xid" "xid8" NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"contract" jsonb NOT NULL,
	"relations" jsonb NOT NULL,
	CONSTRAINT "contract_history_contract_id_change_pk" PRIMARY KEY("contract_id","change")
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "change" bigint DEFAULT nextval('contract_change_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "change_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_history" ADD CONSTRAINT "contract_history_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_history" ADD CONSTRAINT "contract_history_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_history_org_change_idx" ON "contract_history" USING btree ("organization_id","change_xid","change");--> statement-breakpoint
CREATE INDEX "contract_history_org_updated_idx" ON "contract_history" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE INDEX "contracts_org_change_idx" ON "contracts" USING btree ("organization_id","change_xid","change") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "contracts_org_id_idx" ON "contracts" USING btree ("organization_id","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "contracts_org_process_idx" ON "contracts" USING btree ("organization_id","contract_id") WHERE deleted_at IS NULL AND contract_id IS NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vigia_contract_release() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change := nextval('contract_change_seq');
  NEW.change_xid := pg_current_xact_id();
  IF OLD.deleted_at IS NULL AND OLD.change_xid <> NEW.change_xid THEN
    INSERT INTO contract_history (contract_id, organization_id, change, change_xid, updated_at, contract, relations)
    VALUES (
      OLD.id, OLD.organization_id, OLD.change, OLD.change_xid, OLD.updated_at,
      to_jsonb(OLD) - 'search_text' - 'change' - 'change_xid',
      jsonb_build_object(
        'parties', (SELECT coalesce(jsonb_agg(jsonb_build_object('role', p.role, 'name', p.name, 'rfc', p.rfc, 'post', p.post) ORDER BY p.role, p.position), '[]'::jsonb)
                    FROM contract_parties p WHERE p.contract_id = OLD.id),
        'amendments', (SELECT coalesce(jsonb_agg(jsonb_build_object('number', a.number, 'object', a.object, 'signedDate', a.signed_date, 'url', a.url) ORDER BY a.position), '[]'::jsonb)
                       FROM contract_amendments a WHERE a.contract_id = OLD.id),
        'budgetLines', (SELECT coalesce(jsonb_agg(jsonb_build_object('code', b.code) ORDER BY b.position), '[]'::jsonb)
                        FROM contract_budget_lines b WHERE b.contract_id = OLD.id)
      )
    )
    ON CONFLICT (contract_id, change) DO NOTHING;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER contracts_release BEFORE UPDATE ON contracts
  FOR EACH ROW EXECUTE FUNCTION vigia_contract_release();

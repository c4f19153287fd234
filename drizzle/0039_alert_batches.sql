-- Alerts at scale (issue 33, decision 0053): a matching run's finds for one target are written once
-- (alert_batches) and each follow's outbox row points at them, instead of a row per follower and
-- contract. The flags keep the transaction that raised them (raised_xid), so a FLAG follow is told
-- each flag raised after its cursor once, whether or not its contract changed. The column is added
-- without its default first: a volatile default would rewrite the table and mark every flag raised
-- before as raised now (told to every follower at once).
CREATE TABLE "alert_batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_outbox" ADD COLUMN "batch_id" bigint;--> statement-breakpoint
ALTER TABLE "contract_flags" ADD COLUMN "raised_xid" "xid8";--> statement-breakpoint
ALTER TABLE "contract_flags" ALTER COLUMN "raised_xid" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
ALTER TABLE "alert_batches" ADD CONSTRAINT "alert_batches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_outbox" ADD CONSTRAINT "alert_outbox_batch_id_alert_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."alert_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_outbox_batch_idx" ON "alert_outbox" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "alert_outbox_follow_idx" ON "alert_outbox" USING btree ("follow_id");--> statement-breakpoint
CREATE INDEX "contract_flags_org_raised_idx" ON "contract_flags" USING btree ("organization_id","raised_xid") WHERE raised_xid IS NOT NULL;
-- Issue 33 (decision 0053): watch lists and alerts: the addresses that follow, what they follow, the
-- outbox of what is to be told (once per address and change) and the hashes of unsubscribed addresses.
CREATE TABLE "alert_follows" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"filters" jsonb,
	"code" text,
	"threshold" numeric(6, 2),
	"frequency" text DEFAULT 'IMMEDIATE' NOT NULL,
	"confirmation_sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cursor_xid" "xid8",
	"cursor_change" bigint,
	"last_index" numeric(8, 2)
);
--> statement-breakpoint
CREATE TABLE "alert_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subscriber_id" uuid NOT NULL,
	"follow_id" uuid,
	"organization_id" uuid NOT NULL,
	"change_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"frequency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "alert_subscribers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"token_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"suspended_at" timestamp with time zone,
	"suspended_by" uuid,
	CONSTRAINT "alert_subscribers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "alert_suppressions" (
	"email_sha256" text PRIMARY KEY NOT NULL,
	"unsubscribed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_follows" ADD CONSTRAINT "alert_follows_subscriber_id_alert_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."alert_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_follows" ADD CONSTRAINT "alert_follows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_outbox" ADD CONSTRAINT "alert_outbox_subscriber_id_alert_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."alert_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_outbox" ADD CONSTRAINT "alert_outbox_follow_id_alert_follows_id_fk" FOREIGN KEY ("follow_id") REFERENCES "public"."alert_follows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_outbox" ADD CONSTRAINT "alert_outbox_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_follows_subscriber_idx" ON "alert_follows" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "alert_follows_org_kind_idx" ON "alert_follows" USING btree ("organization_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_outbox_change_key" ON "alert_outbox" USING btree ("subscriber_id","change_key");--> statement-breakpoint
CREATE INDEX "alert_outbox_pending_idx" ON "alert_outbox" USING btree ("subscriber_id") WHERE sent_at IS NULL;
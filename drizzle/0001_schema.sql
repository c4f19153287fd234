CREATE TYPE "public"."administrative_unit_type" AS ENUM('CENTRALIZED', 'DESCENTRALIZED');--> statement-breakpoint
CREATE TYPE "public"."administrator_type" AS ENUM('GENERAL', 'CUSTOM');--> statement-breakpoint
CREATE TYPE "public"."calculation_type" AS ENUM('GENERAL', 'CONTRACT');--> statement-breakpoint
CREATE TYPE "public"."contract_category" AS ENUM('ACQUISITION', 'SERVICES', 'LEASE', 'PUBLIC_WORKS', 'EXTENSION', 'MODIFICATION', 'ADENDUM');--> statement-breakpoint
CREATE TYPE "public"."contract_type" AS ENUM('NORMAL', 'OPEN');--> statement-breakpoint
CREATE TYPE "public"."data_load_row_status" AS ENUM('NO_ISSUES', 'SKIPPED', 'ERROR');--> statement-breakpoint
CREATE TYPE "public"."data_load_status" AS ENUM('UPLOADING', 'CURRENT', 'CONFIRMED', 'CANCELLED', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."display_form" AS ENUM('NORMAL', 'AMOUNT', 'PERCENTAGE');--> statement-breakpoint
CREATE TYPE "public"."file_kind" AS ENUM('COVER', 'PROFILE_PICTURE', 'RESOURCE_IMAGE', 'DOCUMENT_BACKUP', 'DATA_LOAD');--> statement-breakpoint
CREATE TYPE "public"."notification_status" AS ENUM('INFO', 'DANGER', 'SUCCESS');--> statement-breakpoint
CREATE TYPE "public"."permission" AS ENUM('USERS', 'SUPPLIERS', 'ORGANIZATIONS', 'ADMINISTRATIVE_UNITS', 'CONTRACTS', 'RESOURCES', 'CALCULATIONS', 'SETTINGS');--> statement-breakpoint
CREATE TYPE "public"."procedure_state" AS ENUM('CONCLUDED', 'IN_PROGRESS', 'CANCELED', 'DESERTED');--> statement-breakpoint
CREATE TYPE "public"."procedure_type" AS ENUM('PUBLIC', 'INVITATION', 'NO_BID');--> statement-breakpoint
CREATE TYPE "public"."resource_classification" AS ENUM('ARTICLE', 'LEGAL_FRAMEWORK', 'NOTES', 'WEBSITE');--> statement-breakpoint
CREATE TYPE "public"."theme" AS ENUM('default', 'dark', 'purple', 'orange', 'yellow', 'greenBlue', 'green', 'sky', 'blue', 'red', 'pink', 'gray', 'lilac', 'blueDark');--> statement-breakpoint
CREATE TYPE "public"."token_purpose" AS ENUM('RESET', 'INVITATION');--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text NOT NULL,
	"ip" "inet",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivery_error" text
);
--> statement-breakpoint
CREATE TABLE "notification_reads" (
	"notification_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_reads_notification_id_user_id_pk" PRIMARY KEY("notification_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_by" uuid,
	"message" text NOT NULL,
	"status" "notification_status" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_captchas" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_daily_counts" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"route_key" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "visit_daily_counts_organization_id_day_route_key_pk" PRIMARY KEY("organization_id","day","route_key")
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid,
	"path" text NOT NULL,
	"route_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calculations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"abbreviation" text NOT NULL,
	"type" "calculation_type" NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"administration_period" text,
	"has_percent_scale" boolean DEFAULT false NOT NULL,
	"scale" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"filters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"formula" jsonb NOT NULL,
	"display_form" "display_form" DEFAULT 'NORMAL' NOT NULL,
	"notes" text,
	"hash" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);
--> statement-breakpoint
CREATE TABLE "comparisons" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"target_id" text NOT NULL,
	"target_name" text NOT NULL,
	"color" text NOT NULL,
	"remote_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "administrative_units" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"notes" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"rfc" text,
	"notes" text,
	"search_name" text GENERATED ALWAYS AS (lower(immutable_unaccent(name))) STORED,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"supplier_id" uuid,
	"procedure_type" "procedure_type" NOT NULL,
	"category" "contract_category",
	"administration_period" text NOT NULL,
	"fiscal_year" text NOT NULL,
	"period" text NOT NULL,
	"contract_id" text,
	"partida" text,
	"procedure_state" "procedure_state",
	"announcement_url" text,
	"announcement_date" date,
	"services_description" text,
	"clarification_meeting_date" date,
	"clarification_meeting_judgment_url" text,
	"presentation_proposals_doc_url" text,
	"organizer_administrative_unit_id" uuid NOT NULL,
	"applicant_administrative_unit_id" uuid NOT NULL,
	"administrative_unit_type" "administrative_unit_type",
	"contract_number" text,
	"contract_date" date,
	"contract_type" "contract_type",
	"total_amount" numeric(16, 2),
	"min_amount" numeric(16, 2),
	"max_amount" numeric(16, 2),
	"total_or_max_amount" numeric(16, 2),
	"contract_url" text,
	"area_in_charge" text,
	"update_date" date,
	"notes" text,
	"karewa_notes" text,
	"information_date" date,
	"limit_exceeded" boolean,
	"amount_exceeded" numeric(16, 2),
	"is_empty" boolean DEFAULT false NOT NULL,
	"contract_url_backup_file_id" uuid,
	"announcement_url_backup_file_id" uuid,
	"clarification_meeting_judgment_url_backup_file_id" uuid,
	"presentation_proposals_doc_url_backup_file_id" uuid,
	"backed_up_at" timestamp with time zone,
	"data_load_id" uuid,
	"counts_in_totals" boolean GENERATED ALWAYS AS (procedure_state IS NOT DISTINCT FROM 'CONCLUDED'::procedure_state AND (category IS NULL OR category NOT IN ('EXTENSION'::contract_category, 'MODIFICATION'::contract_category, 'ADENDUM'::contract_category))) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(immutable_unaccent(coalesce(contract_id, '') || ' ' || coalesce(contract_number, '') || ' ' || coalesce(services_description, '')))) STORED,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);
--> statement-breakpoint
CREATE TABLE "contract_cube" (
	"organization_id" uuid NOT NULL,
	"administration_period" text NOT NULL,
	"fiscal_year" text NOT NULL,
	"period" text NOT NULL,
	"procedure_type" "procedure_type" NOT NULL,
	"applicant_administrative_unit_id" uuid NOT NULL,
	"organizer_administrative_unit_id" uuid NOT NULL,
	"contracts" integer NOT NULL,
	"counted" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cube_versions" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"data_version" bigint NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	"milliseconds" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_cube" (
	"organization_id" uuid NOT NULL,
	"administration_period" text NOT NULL,
	"procedure_type" "procedure_type" NOT NULL,
	"supplier_id" uuid NOT NULL,
	"contracts" integer NOT NULL,
	"counted" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_ranking" (
	"organization_id" uuid NOT NULL,
	"administration_period" text NOT NULL,
	"supplier_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"name" text NOT NULL,
	"contracts_count" integer NOT NULL,
	"public_count" integer NOT NULL,
	"invitation_count" integer NOT NULL,
	"no_bid_count" integer NOT NULL,
	"public" numeric(18, 2) NOT NULL,
	"invitation" numeric(18, 2) NOT NULL,
	"no_bid" numeric(18, 2) NOT NULL,
	"total" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_ranking_totals" (
	"organization_id" uuid NOT NULL,
	"administration_period" text NOT NULL,
	"suppliers" integer NOT NULL,
	"contracts_count" integer NOT NULL,
	"public_count" integer NOT NULL,
	"invitation_count" integer NOT NULL,
	"no_bid_count" integer NOT NULL,
	"public" numeric(18, 2) NOT NULL,
	"invitation" numeric(18, 2) NOT NULL,
	"no_bid" numeric(18, 2) NOT NULL,
	"total" numeric(18, 2) NOT NULL,
	CONSTRAINT "supplier_ranking_totals_pkey" PRIMARY KEY("organization_id","administration_period")
);
--> statement-breakpoint
CREATE TABLE "data_load_rows" (
	"id" uuid PRIMARY KEY NOT NULL,
	"data_load_id" uuid NOT NULL,
	"row_index" integer NOT NULL,
	"data" jsonb NOT NULL,
	"has_errors" boolean DEFAULT false NOT NULL,
	"has_infos" boolean DEFAULT false NOT NULL,
	"skip_row" boolean DEFAULT false NOT NULL,
	"will_create_doc" boolean DEFAULT false NOT NULL,
	"status" "data_load_row_status" NOT NULL,
	"search_text" text
);
--> statement-breakpoint
CREATE TABLE "data_loads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"file_name" text NOT NULL,
	"file_id" uuid,
	"status" "data_load_status" DEFAULT 'UPLOADING' NOT NULL,
	"summary" jsonb,
	"rows_total" integer,
	"rows_processed" integer DEFAULT 0 NOT NULL,
	"failure_message" text,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" uuid,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid,
	"kind" "file_kind" NOT NULL,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"source_url" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"color" text DEFAULT '#19babd' NOT NULL,
	"theme" "theme" DEFAULT 'default' NOT NULL,
	"cover_file_id" uuid,
	"title" text,
	"description" text,
	"welcome_title" text,
	"show_background_text" boolean DEFAULT false NOT NULL,
	"round" boolean DEFAULT true NOT NULL,
	"address" text,
	"schedule" text,
	"additional_information" text,
	"contact_location" text,
	"contact_email" text,
	"social_url" text,
	"default_administration_period" text,
	"data_source" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"data_version" bigint DEFAULT 0 NOT NULL,
	"contracts_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"classification" "resource_classification" NOT NULL,
	"image_file_id" uuid,
	"search_title" text GENERATED ALWAYS AS (lower(immutable_unaccent(title))) STORED,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);
--> statement-breakpoint
CREATE TABLE "password_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" "token_purpose" NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"ip" "inet",
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"last_name" text NOT NULL,
	"password_hash" text,
	"active" boolean DEFAULT true NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"administrator_type" "administrator_type" DEFAULT 'CUSTOM' NOT NULL,
	"permissions" "permission"[] DEFAULT '{}'::permission[] NOT NULL,
	"notes" text,
	"profile_picture_file_id" uuid,
	"last_login_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_daily_counts" ADD CONSTRAINT "visit_daily_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculations" ADD CONSTRAINT "calculations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comparisons" ADD CONSTRAINT "comparisons_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "administrative_units" ADD CONSTRAINT "administrative_units_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_organizer_administrative_unit_id_administrative_units_id_fk" FOREIGN KEY ("organizer_administrative_unit_id") REFERENCES "public"."administrative_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_applicant_administrative_unit_id_administrative_units_id_fk" FOREIGN KEY ("applicant_administrative_unit_id") REFERENCES "public"."administrative_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_contract_url_backup_file_id_files_id_fk" FOREIGN KEY ("contract_url_backup_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_announcement_url_backup_file_id_files_id_fk" FOREIGN KEY ("announcement_url_backup_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_clarification_meeting_judgment_url_backup_file_id_files_id_fk" FOREIGN KEY ("clarification_meeting_judgment_url_backup_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_presentation_proposals_doc_url_backup_file_id_files_id_fk" FOREIGN KEY ("presentation_proposals_doc_url_backup_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_cube" ADD CONSTRAINT "contract_cube_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cube_versions" ADD CONSTRAINT "cube_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_cube" ADD CONSTRAINT "supplier_cube_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_ranking" ADD CONSTRAINT "supplier_ranking_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_ranking_totals" ADD CONSTRAINT "supplier_ranking_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_load_rows" ADD CONSTRAINT "data_load_rows_data_load_id_data_loads_id_fk" FOREIGN KEY ("data_load_id") REFERENCES "public"."data_loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_loads" ADD CONSTRAINT "data_loads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_loads" ADD CONSTRAINT "data_loads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_loads" ADD CONSTRAINT "data_loads_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_loads" ADD CONSTRAINT "data_loads_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_loads" ADD CONSTRAINT "data_loads_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_cover_file_id_files_id_fk" FOREIGN KEY ("cover_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_picture_file_id_files_id_fk" FOREIGN KEY ("profile_picture_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_org_created_idx" ON "contact_messages" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "notification_reads_user_idx" ON "notification_reads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_org_created_idx" ON "notifications" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "used_captchas_expires_idx" ON "used_captchas" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "visits_org_created_idx" ON "visits" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "calculations_abbreviation_key" ON "calculations" USING btree ("organization_id","abbreviation") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "calculations_name_key" ON "calculations" USING btree ("organization_id","name") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "calculations_locked_key" ON "calculations" USING btree ("organization_id") WHERE deleted_at IS NULL AND locked;--> statement-breakpoint
CREATE INDEX "calculations_org_created_idx" ON "calculations" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "comparisons_target_key" ON "comparisons" USING btree ("organization_id","target_id",coalesce(remote_url, ''));--> statement-breakpoint
CREATE INDEX "comparisons_org_updated_idx" ON "comparisons" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "administrative_units_name_key" ON "administrative_units" USING btree ("organization_id","name") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "administrative_units_org_created_idx" ON "administrative_units" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_name_key" ON "suppliers" USING btree ("organization_id","name") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_rfc_key" ON "suppliers" USING btree ("organization_id","rfc") WHERE deleted_at IS NULL AND rfc IS NOT NULL;--> statement-breakpoint
CREATE INDEX "suppliers_search_idx" ON "suppliers" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suppliers_org_created_idx" ON "suppliers" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_number_key" ON "contracts" USING btree ("organization_id","contract_number") WHERE deleted_at IS NULL AND contract_number IS NOT NULL;--> statement-breakpoint
CREATE INDEX "contracts_org_amount_idx" ON "contracts" USING btree ("organization_id","total_or_max_amount" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "contracts_org_type_amount_idx" ON "contracts" USING btree ("organization_id","procedure_type","total_or_max_amount" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "contracts_org_admin_period_idx" ON "contracts" USING btree ("organization_id","administration_period") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "contracts_org_fiscal_year_idx" ON "contracts" USING btree ("organization_id","fiscal_year") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "contracts_org_period_idx" ON "contracts" USING btree ("organization_id","period") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "contracts_org_supplier_type_date_idx" ON "contracts" USING btree ("organization_id","supplier_id","procedure_type","contract_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "contracts_org_applicant_unit_idx" ON "contracts" USING btree ("organization_id","applicant_administrative_unit_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "contracts_org_organizer_unit_idx" ON "contracts" USING btree ("organization_id","organizer_administrative_unit_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "contracts_org_contract_date_idx" ON "contracts" USING btree ("organization_id","contract_date") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "contracts_org_updated_idx" ON "contracts" USING btree ("organization_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contracts_org_created_idx" ON "contracts" USING btree ("organization_id","created_at" DESC NULLS LAST) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "contracts_search_idx" ON "contracts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contracts_data_load_idx" ON "contracts" USING btree ("data_load_id");--> statement-breakpoint
CREATE INDEX "contracts_contract_backup_idx" ON "contracts" USING btree ("contract_url_backup_file_id") WHERE "contracts"."contract_url_backup_file_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "contracts_announcement_backup_idx" ON "contracts" USING btree ("announcement_url_backup_file_id") WHERE "contracts"."announcement_url_backup_file_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "contracts_judgment_backup_idx" ON "contracts" USING btree ("clarification_meeting_judgment_url_backup_file_id") WHERE "contracts"."clarification_meeting_judgment_url_backup_file_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "contracts_proposals_backup_idx" ON "contracts" USING btree ("presentation_proposals_doc_url_backup_file_id") WHERE "contracts"."presentation_proposals_doc_url_backup_file_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "contract_cube_org_idx" ON "contract_cube" USING btree ("organization_id","administration_period");--> statement-breakpoint
CREATE INDEX "supplier_cube_org_period_idx" ON "supplier_cube" USING btree ("organization_id","administration_period");--> statement-breakpoint
CREATE INDEX "supplier_cube_org_supplier_idx" ON "supplier_cube" USING btree ("organization_id","supplier_id");--> statement-breakpoint
CREATE INDEX "supplier_ranking_rank_idx" ON "supplier_ranking" USING btree ("organization_id","administration_period","rank");--> statement-breakpoint
CREATE INDEX "data_load_rows_load_idx" ON "data_load_rows" USING btree ("data_load_id","row_index");--> statement-breakpoint
CREATE UNIQUE INDEX "data_loads_one_open_key" ON "data_loads" USING btree ("organization_id") WHERE status IN ('UPLOADING', 'CURRENT');--> statement-breakpoint
CREATE INDEX "data_loads_org_confirmed_idx" ON "data_loads" USING btree ("organization_id","confirmed_at");--> statement-breakpoint
CREATE INDEX "files_organization_idx" ON "files" USING btree ("organization_id","kind");--> statement-breakpoint
CREATE INDEX "files_sha256_idx" ON "files" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_name_key" ON "organizations" USING btree (lower("name")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "organizations_created_at_idx" ON "organizations" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "resources_title_key" ON "resources" USING btree ("organization_id","classification","title") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "resources_org_created_idx" ON "resources" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_tokens_hash_key" ON "password_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_tokens_user_idx" ON "password_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email") WHERE deleted_at IS NULL;
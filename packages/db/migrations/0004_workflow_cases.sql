CREATE TABLE "case_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" bigint NOT NULL,
	"code" text NOT NULL,
	"stage" text NOT NULL,
	"file_name" text NOT NULL,
	"document_name" text NOT NULL,
	"remark" text,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage" text DEFAULT 'DB' NOT NULL,
	"content" "bytea",
	"storage_path" text,
	"is_generated" boolean DEFAULT false NOT NULL,
	"uploaded_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" bigint NOT NULL,
	"action" text NOT NULL,
	"action_label_key" text,
	"from_stage" text,
	"from_status" text,
	"to_stage" text NOT NULL,
	"to_status" text NOT NULL,
	"actor_user_id" integer NOT NULL,
	"acting_unit_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"remarks" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"effects" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"case_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_reminders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"due_on" date NOT NULL,
	"remind_on" date NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_no" text NOT NULL,
	"definition_code" text NOT NULL,
	"definition_version" integer NOT NULL,
	"account_id" bigint NOT NULL,
	"unit_id" integer NOT NULL,
	"unit_path" text NOT NULL,
	"stage" text NOT NULL,
	"status" text NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"maker_user_id" integer,
	"assigned_user_id" integer,
	"stage_entered_on" date NOT NULL,
	"return_stage" text,
	"due_on" date,
	"is_closed" boolean DEFAULT false NOT NULL,
	"closed_on" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_matters_against_fi" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"matter_no" text NOT NULL,
	"unit_id" integer NOT NULL,
	"unit_path" text NOT NULL,
	"account_id" bigint,
	"petitioner_name" text NOT NULL,
	"forum" text NOT NULL,
	"court" text,
	"case_number" text,
	"filed_on" date NOT NULL,
	"claim_amount" numeric(18, 2),
	"currency" text DEFAULT 'INR' NOT NULL,
	"subject" text NOT NULL,
	"next_hearing_date" date,
	"advocate_name" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"outcome" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"pool_rule" jsonb NOT NULL,
	"timelines" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_uploads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"total_rows" integer NOT NULL,
	"ok_rows" integer NOT NULL,
	"failed_rows" integer NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"uploaded_by_user_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"unit_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_type" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_definitions" (
	"code" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"app" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_definitions_code_version_pk" PRIMARY KEY("code","version")
);
--> statement-breakpoint
ALTER TABLE "case_documents" ADD CONSTRAINT "case_documents_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_documents" ADD CONSTRAINT "case_documents_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_events" ADD CONSTRAINT "case_events_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_events" ADD CONSTRAINT "case_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_events" ADD CONSTRAINT "case_events_acting_unit_id_units_id_fk" FOREIGN KEY ("acting_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_reminders" ADD CONSTRAINT "case_reminders_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_matters_against_fi" ADD CONSTRAINT "legal_matters_against_fi_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_matters_against_fi" ADD CONSTRAINT "legal_matters_against_fi_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_matters_against_fi" ADD CONSTRAINT "legal_matters_against_fi_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_settings" ADD CONSTRAINT "legal_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_uploads" ADD CONSTRAINT "legal_uploads_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_uploads" ADD CONSTRAINT "legal_uploads_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_templates" ADD CONSTRAINT "notice_templates_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_definitions" ADD CONSTRAINT "workflow_definitions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_documents_case_idx" ON "case_documents" USING btree ("case_id","code");--> statement-breakpoint
CREATE INDEX "case_events_case_idx" ON "case_events" USING btree ("case_id","id");--> statement-breakpoint
CREATE INDEX "case_events_from_stage_idx" ON "case_events" USING btree ("from_stage","to_status","case_id");--> statement-breakpoint
CREATE INDEX "case_reminders_open_idx" ON "case_reminders" USING btree ("status","remind_on");--> statement-breakpoint
CREATE UNIQUE INDEX "cases_case_no_uq" ON "cases" USING btree ("case_no");--> statement-breakpoint
CREATE UNIQUE INDEX "cases_one_open_per_account_uq" ON "cases" USING btree ("account_id","definition_code") WHERE NOT is_closed;--> statement-breakpoint
CREATE INDEX "cases_stage_idx" ON "cases" USING btree ("definition_code","stage","status","unit_path");--> statement-breakpoint
CREATE INDEX "cases_assigned_idx" ON "cases" USING btree ("assigned_user_id","definition_code","stage");--> statement-breakpoint
CREATE INDEX "cases_due_idx" ON "cases" USING btree ("definition_code","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_matters_against_fi_no_uq" ON "legal_matters_against_fi" USING btree ("matter_no");--> statement-breakpoint
CREATE INDEX "legal_matters_fi_unit_idx" ON "legal_matters_against_fi" USING btree ("unit_path");--> statement-breakpoint
CREATE INDEX "legal_uploads_unit_idx" ON "legal_uploads" USING btree ("unit_path","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notice_templates_type_lang_uq" ON "notice_templates" USING btree ("case_type","language");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_definitions_one_active_uq" ON "workflow_definitions" USING btree ("code") WHERE status = 'ACTIVE';
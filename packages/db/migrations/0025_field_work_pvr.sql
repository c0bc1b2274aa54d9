CREATE TABLE "pvr_case_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" bigint NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" integer NOT NULL,
	"remarks" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pvr_case_photos" (
	"case_id" bigint NOT NULL,
	"document_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pvr_cases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_no" text NOT NULL,
	"account_id" bigint NOT NULL,
	"collateral_id" bigint NOT NULL,
	"unit_path" text NOT NULL,
	"status" text NOT NULL,
	"property_address" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"reason" text NOT NULL,
	"opened_by" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"assignee_user_id" integer,
	"assignee_agency_id" integer,
	"due_date" date,
	"delegated_by" integer,
	"delegated_at" timestamp with time zone,
	"visited_at" timestamp with time zone,
	"visit_latitude" double precision,
	"visit_longitude" double precision,
	"occupancy" text,
	"condition" text,
	"person_met" text,
	"visit_remarks" text,
	"captured_by" integer,
	"captured_at" timestamp with time zone,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"review_remarks" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pvr_cases_case_no_unique" UNIQUE("case_no")
);
--> statement-breakpoint
CREATE TABLE "work_plan_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"priority" text NOT NULL,
	"target_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"status" text DEFAULT 'PLANNED' NOT NULL,
	"collected_minor" bigint,
	"remarks" text,
	"visited_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_plans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"unit_path" text NOT NULL,
	"plan_date" date NOT NULL,
	"start_latitude" double precision,
	"start_longitude" double precision,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collaterals" ADD COLUMN "property_address" text;--> statement-breakpoint
ALTER TABLE "collaterals" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "collaterals" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "pvr_case_events" ADD CONSTRAINT "pvr_case_events_case_id_pvr_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."pvr_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvr_case_events" ADD CONSTRAINT "pvr_case_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvr_case_photos" ADD CONSTRAINT "pvr_case_photos_case_id_pvr_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."pvr_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvr_case_photos" ADD CONSTRAINT "pvr_case_photos_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvr_cases" ADD CONSTRAINT "pvr_cases_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvr_cases" ADD CONSTRAINT "pvr_cases_collateral_id_collaterals_id_fk" FOREIGN KEY ("collateral_id") REFERENCES "public"."collaterals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvr_cases" ADD CONSTRAINT "pvr_cases_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvr_cases" ADD CONSTRAINT "pvr_cases_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvr_cases" ADD CONSTRAINT "pvr_cases_assignee_agency_id_agencies_id_fk" FOREIGN KEY ("assignee_agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvr_cases" ADD CONSTRAINT "pvr_cases_delegated_by_users_id_fk" FOREIGN KEY ("delegated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvr_cases" ADD CONSTRAINT "pvr_cases_captured_by_users_id_fk" FOREIGN KEY ("captured_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvr_cases" ADD CONSTRAINT "pvr_cases_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_plan_visits" ADD CONSTRAINT "work_plan_visits_plan_id_work_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."work_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_plan_visits" ADD CONSTRAINT "work_plan_visits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_plans" ADD CONSTRAINT "work_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_plans" ADD CONSTRAINT "work_plans_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pvr_case_events_case_idx" ON "pvr_case_events" USING btree ("case_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pvr_case_photos_uq" ON "pvr_case_photos" USING btree ("case_id","document_id");--> statement-breakpoint
CREATE INDEX "pvr_cases_scope_idx" ON "pvr_cases" USING btree ("unit_path" text_pattern_ops,"status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pvr_cases_one_open_uq" ON "pvr_cases" USING btree ("account_id") WHERE "pvr_cases"."status" <> 'APPROVED';--> statement-breakpoint
CREATE UNIQUE INDEX "work_plan_visits_account_uq" ON "work_plan_visits" USING btree ("plan_id","account_id");--> statement-breakpoint
CREATE INDEX "work_plan_visits_plan_idx" ON "work_plan_visits" USING btree ("plan_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "work_plans_user_date_uq" ON "work_plans" USING btree ("user_id","plan_date");--> statement-breakpoint
CREATE INDEX "work_plans_scope_idx" ON "work_plans" USING btree ("unit_path" text_pattern_ops,"plan_date");--> statement-breakpoint
-- The history of a PVR case is append-only, like approval_events and case_events.
CREATE OR REPLACE FUNCTION pvr_case_events_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'pvr_case_events is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER pvr_case_events_no_update_trg BEFORE UPDATE OR DELETE ON pvr_case_events FOR EACH ROW EXECUTE FUNCTION pvr_case_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER pvr_case_events_no_truncate_trg BEFORE TRUNCATE ON pvr_case_events FOR EACH STATEMENT EXECUTE FUNCTION pvr_case_events_refuse_change();

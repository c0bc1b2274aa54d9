CREATE TABLE "allocation_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"priority" integer NOT NULL,
	"product" text,
	"bucket" text,
	"pin_code_prefix" text,
	"user_id" integer NOT NULL,
	"capacity" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_schedules" (
	"code" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"every_minutes" integer,
	"time_of_day" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_restrictions" ALTER COLUMN "by_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "account_restrictions" ALTER COLUMN "acting_unit_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "allocations" ALTER COLUMN "allocated_by_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "account_restrictions" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "statement_cycle_day" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "statement_date" date;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "statement_balance" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "minimum_due" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "payment_due_date" date;--> statement-breakpoint
ALTER TABLE "allocation_rules" ADD CONSTRAINT "allocation_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_schedules" ADD CONSTRAINT "process_schedules_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allocation_rules_priority_idx" ON "allocation_rules" USING btree ("priority","id");--> statement-breakpoint
CREATE INDEX "jobs_kind_idx" ON "jobs" USING btree ("kind","id");--> statement-breakpoint
-- Account writes never race a day start (issue 14): while a `collections.day_start` job is RUNNING, every statement
-- that writes the account book is refused (SQLSTATE RD409, answered 409 with this message) unless it runs in a day
-- start step's own transaction (`recovery_desk.day_start` set locally). One statement-level trigger per table: one
-- indexed probe of `jobs` per statement, not per row.
CREATE OR REPLACE FUNCTION refuse_write_during_day_start() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  running_for text;
BEGIN
  IF coalesce(current_setting('recovery_desk.day_start', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM jobs WHERE status = 'RUNNING' AND kind = 'collections.day_start') THEN
    SELECT to_char(business_date, 'YYYY-MM-DD') INTO running_for FROM organisation WHERE id = 1;
    RAISE EXCEPTION 'Day start is running for %; try again when it ends', running_for USING ERRCODE = 'RD409';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_day_start_guard BEFORE INSERT OR UPDATE OR DELETE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_write_during_day_start();
--> statement-breakpoint
CREATE TRIGGER dues_day_start_guard BEFORE INSERT OR UPDATE OR DELETE ON dues
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_write_during_day_start();
--> statement-breakpoint
CREATE TRIGGER payments_day_start_guard BEFORE INSERT OR UPDATE OR DELETE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_write_during_day_start();
--> statement-breakpoint
CREATE TRIGGER follow_ups_day_start_guard BEFORE INSERT OR UPDATE OR DELETE ON follow_ups
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_write_during_day_start();
--> statement-breakpoint
CREATE TRIGGER ptps_day_start_guard BEFORE INSERT OR UPDATE OR DELETE ON ptps
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_write_during_day_start();
--> statement-breakpoint
CREATE TRIGGER escalations_day_start_guard BEFORE INSERT OR UPDATE OR DELETE ON escalations
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_write_during_day_start();
--> statement-breakpoint
CREATE TRIGGER allocations_day_start_guard BEFORE INSERT OR UPDATE OR DELETE ON allocations
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_write_during_day_start();
--> statement-breakpoint
CREATE TRIGGER account_restrictions_day_start_guard BEFORE INSERT OR UPDATE OR DELETE ON account_restrictions
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_write_during_day_start();
--> statement-breakpoint
CREATE TRIGGER account_marks_day_start_guard BEFORE INSERT OR UPDATE OR DELETE ON account_marks
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_write_during_day_start();
--> statement-breakpoint
CREATE TRIGGER receipts_day_start_guard BEFORE INSERT OR UPDATE OR DELETE ON receipts
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_write_during_day_start();

-- Day start at scale (issue 14, issue 17 item 3): DPD leaves the row. It grew by one on every delinquent account
-- every day, and it was a key of three indexes, so each day start rewrote ~90% of the book and its index entries.
-- DPD is now derived at read time from the oldest unpaid due date and the business date; the trays order by
-- `overdue_key` (days from that date to 9999-12-31, 0 when nothing is overdue), which orders exactly as DPD but only
-- changes when dues are added or paid.
DROP INDEX "accounts_dpd_idx";--> statement-breakpoint
DROP INDEX "accounts_my_view_idx";--> statement-breakpoint
DROP INDEX "accounts_team_view_idx";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "dpd";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "overdue_key" integer GENERATED ALWAYS AS ((date '9999-12-31' - coalesce(oldest_unpaid_due_date, date '9999-12-31'))) STORED NOT NULL;--> statement-breakpoint
-- The organisation's business date (one row), for SQL that derives DPD.
CREATE OR REPLACE FUNCTION business_date() RETURNS date LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ select business_date from organisation order by id limit 1 $$;--> statement-breakpoint
-- `a.dpd` on an accounts row (PostgreSQL's attribute notation for a function of the row): days past due on the
-- business date, 0 when nothing is overdue (packages/domain/src/collections/dpd.ts computeDpd). Inlined by the
-- planner; filters and orders use `overdue_key` instead (packages/db/src/dpd-sql.ts), which the indexes carry.
CREATE OR REPLACE FUNCTION dpd(a accounts) RETURNS integer LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ select case when a.oldest_unpaid_due_date is null then 0
    else (business_date() - a.oldest_unpaid_due_date) + 1 end $$;--> statement-breakpoint
CREATE INDEX "accounts_overdue_key_idx" ON "accounts" USING btree ("overdue_key" DESC NULLS LAST,"id");--> statement-breakpoint
-- The tray indexes of migration 0003 (and 0017's settlement_status), keyed by overdue_key instead of dpd.
CREATE INDEX "accounts_my_view_idx" ON "accounts" USING btree ("allocated_user_id","overdue_key" DESC NULLS LAST,"id")
  INCLUDE ("is_suppressed", "is_on_hold", "product", "total_due_amount", "unit_path", "settlement_status");--> statement-breakpoint
CREATE INDEX "accounts_team_view_idx" ON "accounts" USING btree ("unit_path" text_pattern_ops,"overdue_key" DESC NULLS LAST,"id")
  INCLUDE ("is_suppressed", "is_on_hold", "product", "total_due_amount", "allocated_user_id", "allocated_agency_id", "settlement_status");

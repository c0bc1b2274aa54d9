-- Tray reads (issue 3 benchmark): the count of a tray filters on flags, product, overdue amount and scope, which
-- the keyset indexes did not carry, so every count visited the heap. Covering indexes make both the page and the
-- count index-only. (Drizzle's index builder cannot express INCLUDE; collections-schema.ts notes it.)
DROP INDEX IF EXISTS "accounts_my_view_idx";
--> statement-breakpoint
CREATE INDEX "accounts_my_view_idx" ON "accounts" USING btree ("allocated_user_id", "dpd" DESC NULLS LAST, "id")
  INCLUDE ("is_suppressed", "is_on_hold", "product", "total_due_amount", "unit_path");
--> statement-breakpoint
DROP INDEX IF EXISTS "accounts_team_view_idx";
--> statement-breakpoint
CREATE INDEX "accounts_team_view_idx" ON "accounts" USING btree ("unit_path" text_pattern_ops, "dpd" DESC NULLS LAST, "id")
  INCLUDE ("is_suppressed", "is_on_hold", "product", "total_due_amount", "allocated_user_id", "allocated_agency_id");

CREATE TABLE "settlement_instalments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"settlement_id" bigint NOT NULL,
	"instalment_no" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	CONSTRAINT "settlement_instalments_positive" CHECK ("settlement_instalments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"unit_path" text NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'PENDING_APPROVAL' NOT NULL,
	"stage" text DEFAULT 'APPROVAL' NOT NULL,
	"party_name" text NOT NULL,
	"principal_minor" bigint NOT NULL,
	"interest_minor" bigint NOT NULL,
	"charges_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"payable_minor" bigint NOT NULL,
	"waiver_principal_minor" bigint NOT NULL,
	"waiver_interest_minor" bigint NOT NULL,
	"waiver_charges_minor" bigint NOT NULL,
	"waiver_minor" bigint NOT NULL,
	"waiver_bp" integer NOT NULL,
	"required_level" integer NOT NULL,
	"level_reason" text NOT NULL,
	"restructuring" boolean DEFAULT false NOT NULL,
	"remarks" text,
	"initiated_by_user_id" integer NOT NULL,
	"initiated_unit_id" integer NOT NULL,
	"initiated_on" date NOT NULL,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"decision_remarks" text,
	"approved_on" date,
	"approved_at" timestamp with time zone,
	"lapsed_on" date,
	"settled_on" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_waiver_sums" CHECK ("settlements"."waiver_minor" = "settlements"."waiver_principal_minor" + "settlements"."waiver_interest_minor" + "settlements"."waiver_charges_minor"
      and "settlements"."total_minor" = "settlements"."principal_minor" + "settlements"."interest_minor" + "settlements"."charges_minor"
      and "settlements"."payable_minor" + "settlements"."waiver_minor" = "settlements"."total_minor" and "settlements"."payable_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "sanction_level" text DEFAULT 'OFFICER' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "is_fraud" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "is_wilful_defaulter" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "settlement_status" text;--> statement-breakpoint
ALTER TABLE "settlement_instalments" ADD CONSTRAINT "settlement_instalments_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_initiated_by_user_id_users_id_fk" FOREIGN KEY ("initiated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_initiated_unit_id_units_id_fk" FOREIGN KEY ("initiated_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_instalments_no_uq" ON "settlement_instalments" USING btree ("settlement_id","instalment_no");--> statement-breakpoint
CREATE INDEX "settlements_scope_idx" ON "settlements" USING btree ("unit_path" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "settlements_account_idx" ON "settlements" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "settlements_stage_idx" ON "settlements" USING btree ("stage");--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_one_live_uq" ON "settlements" USING btree ("account_id") WHERE stage in ('APPROVAL', 'PAYMENT');
--> statement-breakpoint
-- A settled account, and one paying an approved settlement, leaves the collection trays (the trays filter on
-- settlement_status): the covering indexes of migration 0003 carry the column so tray pages and counts stay index-only.
DROP INDEX IF EXISTS "accounts_my_view_idx";
--> statement-breakpoint
CREATE INDEX "accounts_my_view_idx" ON "accounts" USING btree ("allocated_user_id", "dpd" DESC NULLS LAST, "id")
  INCLUDE ("is_suppressed", "is_on_hold", "product", "total_due_amount", "unit_path", "settlement_status");
--> statement-breakpoint
DROP INDEX IF EXISTS "accounts_team_view_idx";
--> statement-breakpoint
CREATE INDEX "accounts_team_view_idx" ON "accounts" USING btree ("unit_path" text_pattern_ops, "dpd" DESC NULLS LAST, "id")
  INCLUDE ("is_suppressed", "is_on_hold", "product", "total_due_amount", "allocated_user_id", "allocated_agency_id", "settlement_status");

CREATE TABLE "account_restrictions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"remarks" text,
	"by_user_id" integer NOT NULL,
	"acting_unit_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_no" text NOT NULL,
	"card_no" text,
	"customer_id" bigint NOT NULL,
	"unit_id" integer NOT NULL,
	"unit_path" text NOT NULL,
	"product" text NOT NULL,
	"source_product" text,
	"scheme" text,
	"promo_code" text,
	"issued_by" text,
	"currency" text DEFAULT 'INR' NOT NULL,
	"loan_amount" numeric(18, 2) NOT NULL,
	"emi_amount" numeric(18, 2) NOT NULL,
	"tenure" integer NOT NULL,
	"disbursal_date" date NOT NULL,
	"maturity_date" date,
	"last_due_date" date,
	"repayment_mode" text,
	"total_principal_outstanding" numeric(18, 2) NOT NULL,
	"total_interest_outstanding" numeric(18, 2) NOT NULL,
	"other_charges" numeric(18, 2) DEFAULT '0' NOT NULL,
	"overdue_charges" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total_due_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"bounce_date" date,
	"bounce_reason" text,
	"bounce_charges" numeric(18, 2) DEFAULT '0' NOT NULL,
	"oldest_unpaid_due_date" date,
	"dpd" integer DEFAULT 0 NOT NULL,
	"bucket" text DEFAULT 'CURRENT' NOT NULL,
	"asset_class" text DEFAULT 'STANDARD' NOT NULL,
	"delinquent_flag" boolean DEFAULT false NOT NULL,
	"allocated_user_id" integer,
	"allocated_agency_id" integer,
	"allocated_at" timestamp with time zone,
	"is_on_hold" boolean DEFAULT false NOT NULL,
	"is_suppressed" boolean DEFAULT false NOT NULL,
	"in_skip_trace" boolean DEFAULT false NOT NULL,
	"last_contacted_by_user_id" integer,
	"last_contacted_at" timestamp with time zone,
	"last_action_date" date,
	"next_action_date" date,
	"last_disposition" text,
	"broken_ptp_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"address_type" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"line3" text,
	"landmark" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"country" text DEFAULT 'India' NOT NULL,
	"pin_code" text NOT NULL,
	"level" text DEFAULT 'PRIMARY' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"unit_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "agencies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "allocations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"user_id" integer,
	"agency_id" integer,
	"allocated_by_user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cheques" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"cheque_no" text NOT NULL,
	"cheque_date" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"bank_name" text,
	"bounce_date" date,
	"bounce_reason" text,
	"claimed_amount" numeric(18, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collaterals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"collateral_type" text NOT NULL,
	"description" text NOT NULL,
	"registration_no" text,
	"make_model" text,
	"value" numeric(18, 2),
	"currency" text DEFAULT 'INR' NOT NULL,
	"valuation_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"contact_type" text NOT NULL,
	"contact_category" text NOT NULL,
	"phone" text,
	"email" text,
	"level" text DEFAULT 'PRIMARY' NOT NULL,
	"mode" text,
	"is_valid" boolean DEFAULT true NOT NULL,
	"invalid_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cif" text NOT NULL,
	"name" text NOT NULL,
	"pan" text,
	"customer_type" text NOT NULL,
	"general_banking" text,
	"segmentation" text,
	"dob" date,
	"service_segment" text,
	"time_zone" text DEFAULT 'Asia/Kolkata' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispositions" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"contact_kind" text NOT NULL,
	"next_step" text NOT NULL,
	"requires_amount" boolean DEFAULT false NOT NULL,
	"requires_next_action_date" boolean DEFAULT false NOT NULL,
	"sort_order" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint,
	"file_name" text NOT NULL,
	"document_name" text NOT NULL,
	"category" text NOT NULL,
	"remark" text,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dues" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"installment_no" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount_due" numeric(18, 2) NOT NULL,
	"amount_paid" numeric(18, 2) DEFAULT '0' NOT NULL,
	"paid_date" date
);
--> statement-breakpoint
CREATE TABLE "escalations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"ptp_id" bigint,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"raised_by_user_id" integer,
	"raised_on" date NOT NULL,
	"resolved_by_user_id" integer,
	"resolved_at" timestamp with time zone,
	"resolution_remarks" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_ups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"contact_mode" text NOT NULL,
	"reminder_mode" text,
	"contacted_by_user_id" integer NOT NULL,
	"contacted_by_unit_id" integer NOT NULL,
	"contacted_at" timestamp with time zone NOT NULL,
	"person_contacted" text,
	"contact_id" bigint,
	"disposition_code" text NOT NULL,
	"action_amount" numeric(18, 2),
	"currency" text DEFAULT 'INR' NOT NULL,
	"next_action_date" date,
	"next_action_time" time,
	"remarks" text,
	"document_id" bigint,
	"calling_window_override" text,
	"business_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"mode" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ptps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"follow_up_id" bigint,
	"promised_date" date NOT NULL,
	"promised_amount" numeric(18, 2) NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"captured_by_user_id" integer NOT NULL,
	"captured_in_unit_id" integer NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"amount_paid" numeric(18, 2) DEFAULT '0' NOT NULL,
	"resolved_on" date,
	"deviation_status" text DEFAULT 'NONE' NOT NULL,
	"deviation_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"referred_to_user_id" integer,
	"reviewed_by_user_id" integer,
	"reviewed_at" timestamp with time zone,
	"review_remarks" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reallocation_request_accounts" (
	"request_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"from_user_id" integer,
	"from_agency_id" integer,
	CONSTRAINT "reallocation_request_accounts_request_id_account_id_pk" PRIMARY KEY("request_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "reallocation_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"to_user_id" integer,
	"to_agency_id" integer,
	"reason" text NOT NULL,
	"maker_user_id" integer NOT NULL,
	"maker_unit_id" integer NOT NULL,
	"maker_unit_path" text NOT NULL,
	"checker_user_id" integer,
	"checked_at" timestamp with time zone,
	"checker_remarks" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_restrictions" ADD CONSTRAINT "account_restrictions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_restrictions" ADD CONSTRAINT "account_restrictions_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_restrictions" ADD CONSTRAINT "account_restrictions_acting_unit_id_units_id_fk" FOREIGN KEY ("acting_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_allocated_user_id_users_id_fk" FOREIGN KEY ("allocated_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_allocated_agency_id_agencies_id_fk" FOREIGN KEY ("allocated_agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_last_contacted_by_user_id_users_id_fk" FOREIGN KEY ("last_contacted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_allocated_by_user_id_users_id_fk" FOREIGN KEY ("allocated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cheques" ADD CONSTRAINT "cheques_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaterals" ADD CONSTRAINT "collaterals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues" ADD CONSTRAINT "dues_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalations" ADD CONSTRAINT "escalations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalations" ADD CONSTRAINT "escalations_ptp_id_ptps_id_fk" FOREIGN KEY ("ptp_id") REFERENCES "public"."ptps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalations" ADD CONSTRAINT "escalations_raised_by_user_id_users_id_fk" FOREIGN KEY ("raised_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalations" ADD CONSTRAINT "escalations_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_contacted_by_user_id_users_id_fk" FOREIGN KEY ("contacted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_contacted_by_unit_id_units_id_fk" FOREIGN KEY ("contacted_by_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_disposition_code_dispositions_code_fk" FOREIGN KEY ("disposition_code") REFERENCES "public"."dispositions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ptps" ADD CONSTRAINT "ptps_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ptps" ADD CONSTRAINT "ptps_follow_up_id_follow_ups_id_fk" FOREIGN KEY ("follow_up_id") REFERENCES "public"."follow_ups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ptps" ADD CONSTRAINT "ptps_captured_by_user_id_users_id_fk" FOREIGN KEY ("captured_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ptps" ADD CONSTRAINT "ptps_captured_in_unit_id_units_id_fk" FOREIGN KEY ("captured_in_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ptps" ADD CONSTRAINT "ptps_referred_to_user_id_users_id_fk" FOREIGN KEY ("referred_to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ptps" ADD CONSTRAINT "ptps_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reallocation_request_accounts" ADD CONSTRAINT "reallocation_request_accounts_request_id_reallocation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."reallocation_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reallocation_request_accounts" ADD CONSTRAINT "reallocation_request_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reallocation_request_accounts" ADD CONSTRAINT "reallocation_request_accounts_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reallocation_request_accounts" ADD CONSTRAINT "reallocation_request_accounts_from_agency_id_agencies_id_fk" FOREIGN KEY ("from_agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reallocation_requests" ADD CONSTRAINT "reallocation_requests_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reallocation_requests" ADD CONSTRAINT "reallocation_requests_to_agency_id_agencies_id_fk" FOREIGN KEY ("to_agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reallocation_requests" ADD CONSTRAINT "reallocation_requests_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reallocation_requests" ADD CONSTRAINT "reallocation_requests_maker_unit_id_units_id_fk" FOREIGN KEY ("maker_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reallocation_requests" ADD CONSTRAINT "reallocation_requests_checker_user_id_users_id_fk" FOREIGN KEY ("checker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_restrictions_account_idx" ON "account_restrictions" USING btree ("account_id","kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_account_no_uq" ON "accounts" USING btree ("account_no");--> statement-breakpoint
CREATE INDEX "accounts_customer_idx" ON "accounts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "accounts_my_view_idx" ON "accounts" USING btree ("allocated_user_id","dpd" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "accounts_team_view_idx" ON "accounts" USING btree ("unit_path" text_pattern_ops,"dpd" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "accounts_dpd_idx" ON "accounts" USING btree ("dpd" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "accounts_oldest_due_idx" ON "accounts" USING btree ("oldest_unpaid_due_date");--> statement-breakpoint
CREATE INDEX "addresses_customer_idx" ON "addresses" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "allocations_account_idx" ON "allocations" USING btree ("account_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cheques_account_idx" ON "cheques" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "collaterals_account_idx" ON "collaterals" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "contacts_customer_idx" ON "contacts" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_cif_uq" ON "customers" USING btree ("cif");--> statement-breakpoint
CREATE INDEX "documents_account_idx" ON "documents" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dues_account_installment_uq" ON "dues" USING btree ("account_id","installment_no");--> statement-breakpoint
CREATE INDEX "escalations_status_idx" ON "escalations" USING btree ("status","account_id");--> statement-breakpoint
CREATE INDEX "follow_ups_account_idx" ON "follow_ups" USING btree ("account_id","contacted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_account_idx" ON "payments" USING btree ("account_id","paid_on");--> statement-breakpoint
CREATE INDEX "ptps_account_idx" ON "ptps" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ptps_open_idx" ON "ptps" USING btree ("promised_date") WHERE status = 'OPEN';--> statement-breakpoint
CREATE INDEX "ptps_deviation_idx" ON "ptps" USING btree ("deviation_status") WHERE deviation_status = 'PENDING';--> statement-breakpoint
CREATE INDEX "reallocation_requests_status_idx" ON "reallocation_requests" USING btree ("status","maker_unit_path");
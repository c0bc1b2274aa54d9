CREATE TABLE "bank_statement_credits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"statement_id" bigint NOT NULL,
	"row_no" integer NOT NULL,
	"value_date" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"reference" text NOT NULL,
	"narration" text,
	"match_kind" text,
	"matched_batch_id" bigint,
	"matched_receipt_id" bigint
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"unit_path" text NOT NULL,
	"uploaded_by_user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"credits" integer NOT NULL,
	"from_date" date,
	"to_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eft_receipt_cancellations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"receipt_id" bigint NOT NULL,
	"reason_code" text NOT NULL,
	"remarks" text NOT NULL,
	"cancelled_by_user_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_batch_receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" bigint NOT NULL,
	"receipt_id" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"live" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_no" text NOT NULL,
	"branch_unit_id" integer NOT NULL,
	"unit_path" text NOT NULL,
	"collection_date" date NOT NULL,
	"deposit_slip_no" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"receipt_count" integer NOT NULL,
	"status" text DEFAULT 'INITIATED' NOT NULL,
	"maker_user_id" integer NOT NULL,
	"maker_unit_id" integer NOT NULL,
	"checker_user_id" integer,
	"decided_at" timestamp with time zone,
	"remarks" text,
	"approval_request_id" bigint,
	"reconciled_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upi_callback_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"txn_id" text NOT NULL,
	"event_id" text NOT NULL,
	"status" text NOT NULL,
	"outcome" text NOT NULL,
	"body_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upi_collect_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"txn_id" text NOT NULL,
	"account_id" bigint NOT NULL,
	"unit_path" text NOT NULL,
	"vpa" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'INITIATED' NOT NULL,
	"provider" text NOT NULL,
	"provider_txn_id" text,
	"bank_rrn" text,
	"failure_reason" text,
	"initiated_by_user_id" integer NOT NULL,
	"initiated_unit_id" integer NOT NULL,
	"initiated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"late_success" boolean DEFAULT false NOT NULL,
	"receipt_id" bigint,
	"remarks" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upi_sandbox_transactions" (
	"psp_txn_id" text PRIMARY KEY NOT NULL,
	"merchant_txn_id" text NOT NULL,
	"vpa" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"rrn" text,
	"failure_reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_statement_credits" ADD CONSTRAINT "bank_statement_credits_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_credits" ADD CONSTRAINT "bank_statement_credits_matched_batch_id_payment_batches_id_fk" FOREIGN KEY ("matched_batch_id") REFERENCES "public"."payment_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_credits" ADD CONSTRAINT "bank_statement_credits_matched_receipt_id_receipts_id_fk" FOREIGN KEY ("matched_receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eft_receipt_cancellations" ADD CONSTRAINT "eft_receipt_cancellations_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eft_receipt_cancellations" ADD CONSTRAINT "eft_receipt_cancellations_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eft_receipt_cancellations" ADD CONSTRAINT "eft_receipt_cancellations_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batch_receipts" ADD CONSTRAINT "payment_batch_receipts_batch_id_payment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batch_receipts" ADD CONSTRAINT "payment_batch_receipts_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_branch_unit_id_units_id_fk" FOREIGN KEY ("branch_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_maker_unit_id_units_id_fk" FOREIGN KEY ("maker_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_checker_user_id_users_id_fk" FOREIGN KEY ("checker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upi_collect_requests" ADD CONSTRAINT "upi_collect_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upi_collect_requests" ADD CONSTRAINT "upi_collect_requests_initiated_by_user_id_users_id_fk" FOREIGN KEY ("initiated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upi_collect_requests" ADD CONSTRAINT "upi_collect_requests_initiated_unit_id_units_id_fk" FOREIGN KEY ("initiated_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upi_collect_requests" ADD CONSTRAINT "upi_collect_requests_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_statement_credits_statement_idx" ON "bank_statement_credits" USING btree ("statement_id","row_no");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_credits_batch_uq" ON "bank_statement_credits" USING btree ("matched_batch_id") WHERE "bank_statement_credits"."matched_batch_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_credits_receipt_uq" ON "bank_statement_credits" USING btree ("matched_receipt_id") WHERE "bank_statement_credits"."matched_receipt_id" is not null;--> statement-breakpoint
CREATE INDEX "bank_statements_scope_idx" ON "bank_statements" USING btree ("unit_path","id");--> statement-breakpoint
CREATE UNIQUE INDEX "eft_receipt_cancellations_receipt_uq" ON "eft_receipt_cancellations" USING btree ("receipt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_batch_receipts_live_uq" ON "payment_batch_receipts" USING btree ("receipt_id") WHERE "payment_batch_receipts"."live";--> statement-breakpoint
CREATE INDEX "payment_batch_receipts_batch_idx" ON "payment_batch_receipts" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_batches_no_uq" ON "payment_batches" USING btree ("batch_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_batches_slip_uq" ON "payment_batches" USING btree ("branch_unit_id","collection_date","deposit_slip_no") WHERE "payment_batches"."status" <> 'REJECTED';--> statement-breakpoint
CREATE INDEX "payment_batches_scope_idx" ON "payment_batches" USING btree ("status","unit_path","id");--> statement-breakpoint
CREATE INDEX "upi_callback_events_txn_idx" ON "upi_callback_events" USING btree ("txn_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "upi_collect_requests_txn_uq" ON "upi_collect_requests" USING btree ("txn_id");--> statement-breakpoint
CREATE UNIQUE INDEX "upi_collect_requests_receipt_uq" ON "upi_collect_requests" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "upi_collect_requests_open_idx" ON "upi_collect_requests" USING btree ("expires_at") WHERE "upi_collect_requests"."status" = 'INITIATED';--> statement-breakpoint
CREATE INDEX "upi_collect_requests_scope_idx" ON "upi_collect_requests" USING btree ("unit_path","id");--> statement-breakpoint
CREATE UNIQUE INDEX "upi_sandbox_transactions_merchant_uq" ON "upi_sandbox_transactions" USING btree ("merchant_txn_id");
CREATE SEQUENCE "public"."receipt_system_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"reply_status" integer,
	"reply_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_book_numbers" (
	"book_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"receipt_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_book_numbers_book_id_number_pk" PRIMARY KEY("book_id","number")
);
--> statement-breakpoint
CREATE TABLE "receipt_books" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"book_no" text NOT NULL,
	"unit_id" integer NOT NULL,
	"unit_path" text NOT NULL,
	"issued_to_user_id" integer,
	"range_from" integer NOT NULL,
	"range_to" integer NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"receipt_no" text NOT NULL,
	"book_id" bigint,
	"book_number" integer,
	"account_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"unit_path" text NOT NULL,
	"branch_unit_id" integer NOT NULL,
	"mode" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"received_on" date NOT NULL,
	"received_by_user_id" integer NOT NULL,
	"received_unit_id" integer NOT NULL,
	"reference" text,
	"instrument" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'PENDING_VERIFICATION' NOT NULL,
	"verified_by_user_id" integer,
	"verified_at" timestamp with time zone,
	"charges_minor" bigint NOT NULL,
	"interest_minor" bigint NOT NULL,
	"principal_minor" bigint NOT NULL,
	"posting" jsonb NOT NULL,
	"source" text NOT NULL,
	"source_ref" text,
	"payment_id" bigint,
	"reversal_payment_id" bigint,
	"cancel_reason_code" text,
	"cancel_remarks" text,
	"cancelled_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_book_numbers" ADD CONSTRAINT "receipt_book_numbers_book_id_receipt_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."receipt_books"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_books" ADD CONSTRAINT "receipt_books_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_books" ADD CONSTRAINT "receipt_books_issued_to_user_id_users_id_fk" FOREIGN KEY ("issued_to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_book_id_receipt_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."receipt_books"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_branch_unit_id_units_id_fk" FOREIGN KEY ("branch_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_received_by_user_id_users_id_fk" FOREIGN KEY ("received_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_received_unit_id_units_id_fk" FOREIGN KEY ("received_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_verified_by_user_id_users_id_fk" FOREIGN KEY ("verified_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_uq" ON "idempotency_keys" USING btree ("user_id","route","key");--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_books_book_no_uq" ON "receipt_books" USING btree ("book_no");--> statement-breakpoint
CREATE INDEX "receipt_books_unit_idx" ON "receipt_books" USING btree ("unit_path");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_receipt_no_uq" ON "receipts" USING btree ("receipt_no");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_source_ref_uq" ON "receipts" USING btree ("source","source_ref") WHERE source_ref is not null;--> statement-breakpoint
CREATE INDEX "receipts_account_idx" ON "receipts" USING btree ("account_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "receipts_scope_idx" ON "receipts" USING btree ("unit_path" text_pattern_ops,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "receipts_status_idx" ON "receipts" USING btree ("status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "receipts_customer_day_idx" ON "receipts" USING btree ("customer_id","received_on");
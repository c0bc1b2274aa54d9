CREATE TABLE "secured_closures" (
	"case_id" bigint PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"closure_type" text NOT NULL,
	"currency" text NOT NULL,
	"outstanding_minor" bigint NOT NULL,
	"proceeds_minor" bigint NOT NULL,
	"expenses_minor" bigint NOT NULL,
	"applied_minor" bigint NOT NULL,
	"shortfall_minor" bigint NOT NULL,
	"surplus_minor" bigint NOT NULL,
	"receipt_id" bigint,
	"refund_status" text NOT NULL,
	"refund_paid_on" date,
	"refund_reference" text,
	"refund_recorded_by_user_id" integer,
	"closed_on" date NOT NULL,
	"closed_by_user_id" integer NOT NULL,
	"acting_unit_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "secured_closures" ADD CONSTRAINT "secured_closures_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secured_closures" ADD CONSTRAINT "secured_closures_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secured_closures" ADD CONSTRAINT "secured_closures_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secured_closures" ADD CONSTRAINT "secured_closures_refund_recorded_by_user_id_users_id_fk" FOREIGN KEY ("refund_recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secured_closures" ADD CONSTRAINT "secured_closures_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secured_closures" ADD CONSTRAINT "secured_closures_acting_unit_id_units_id_fk" FOREIGN KEY ("acting_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;
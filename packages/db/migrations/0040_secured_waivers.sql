CREATE TABLE "secured_waivers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"requested_by_user_id" integer,
	"approved_by_user_id" integer NOT NULL,
	"approved_on" date NOT NULL,
	"acting_unit_id" integer NOT NULL,
	"written_off_minor" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "secured_waivers_amount_positive" CHECK ("secured_waivers"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "secured_closures" ADD COLUMN "waived_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "secured_closures" ADD COLUMN "waiver_id" bigint;--> statement-breakpoint
ALTER TABLE "secured_waivers" ADD CONSTRAINT "secured_waivers_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secured_waivers" ADD CONSTRAINT "secured_waivers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secured_waivers" ADD CONSTRAINT "secured_waivers_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secured_waivers" ADD CONSTRAINT "secured_waivers_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secured_waivers" ADD CONSTRAINT "secured_waivers_acting_unit_id_units_id_fk" FOREIGN KEY ("acting_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "secured_waivers_case_approved_uq" ON "secured_waivers" USING btree ("case_id") WHERE status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "secured_waivers_account_idx" ON "secured_waivers" USING btree ("account_id");
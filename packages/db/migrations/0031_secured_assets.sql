CREATE TABLE "account_obligors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redemption_locks" (
	"case_id" bigint PRIMARY KEY NOT NULL,
	"locked_on" date NOT NULL,
	"publication_date" date,
	"locked_by_user_id" integer NOT NULL,
	"acting_unit_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_obligors" ADD CONSTRAINT "account_obligors_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_locks" ADD CONSTRAINT "redemption_locks_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_locks" ADD CONSTRAINT "redemption_locks_locked_by_user_id_users_id_fk" FOREIGN KEY ("locked_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_locks" ADD CONSTRAINT "redemption_locks_acting_unit_id_units_id_fk" FOREIGN KEY ("acting_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_obligors_account_idx" ON "account_obligors" USING btree ("account_id","id");
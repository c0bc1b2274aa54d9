CREATE TABLE "asset_valuations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" bigint NOT NULL,
	"valuer_name" text NOT NULL,
	"valuation_date" date NOT NULL,
	"currency" text NOT NULL,
	"market_value_minor" bigint NOT NULL,
	"realisable_value_minor" bigint NOT NULL,
	"distress_value_minor" bigint NOT NULL,
	"report_reference" text,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_valuations" ADD CONSTRAINT "asset_valuations_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_valuations" ADD CONSTRAINT "asset_valuations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_valuations_case_idx" ON "asset_valuations" USING btree ("case_id","id");
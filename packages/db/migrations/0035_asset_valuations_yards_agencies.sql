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
CREATE TABLE "asset_yard_stays" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" bigint NOT NULL,
	"yard_id" integer NOT NULL,
	"in_date" date NOT NULL,
	"in_condition" text NOT NULL,
	"out_date" date,
	"out_reason" text,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "secured_agencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"registration_no" text NOT NULL,
	"valid_until" date NOT NULL,
	"contact" text NOT NULL,
	"unit_ids" integer[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yards" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"capacity" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_valuations" ADD CONSTRAINT "asset_valuations_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_valuations" ADD CONSTRAINT "asset_valuations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_yard_stays" ADD CONSTRAINT "asset_yard_stays_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_yard_stays" ADD CONSTRAINT "asset_yard_stays_yard_id_yards_id_fk" FOREIGN KEY ("yard_id") REFERENCES "public"."yards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_yard_stays" ADD CONSTRAINT "asset_yard_stays_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yards" ADD CONSTRAINT "yards_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_valuations_case_idx" ON "asset_valuations" USING btree ("case_id","id");--> statement-breakpoint
CREATE INDEX "asset_yard_stays_case_idx" ON "asset_yard_stays" USING btree ("case_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_yard_stays_open_uq" ON "asset_yard_stays" USING btree ("case_id") WHERE "asset_yard_stays"."out_date" is null;--> statement-breakpoint
CREATE INDEX "asset_yard_stays_yard_open_idx" ON "asset_yard_stays" USING btree ("yard_id") WHERE "asset_yard_stays"."out_date" is null;--> statement-breakpoint
CREATE INDEX "secured_agencies_kind_idx" ON "secured_agencies" USING btree ("kind","name");--> statement-breakpoint
CREATE INDEX "yards_unit_idx" ON "yards" USING btree ("unit_id");
CREATE TABLE "asset_inventories" (
	"case_id" bigint PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"registration_no" text,
	"make_model" text,
	"chassis_no" text,
	"engine_no" text,
	"odometer_km" integer,
	"fuel_level" text,
	"keys_handed_over" boolean,
	"vehicle_condition" text,
	"address" text,
	"area_hundredths" bigint,
	"area_unit" text,
	"survey_no" text,
	"boundaries" text,
	"title_deed_ref" text,
	"occupancy" text,
	"remarks" text,
	"updated_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_inventory_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"item" text NOT NULL,
	"quantity" integer NOT NULL,
	"condition" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_inventories" ADD CONSTRAINT "asset_inventories_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_inventories" ADD CONSTRAINT "asset_inventories_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_inventory_items" ADD CONSTRAINT "asset_inventory_items_case_id_asset_inventories_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."asset_inventories"("case_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_inventory_items_case_line_key" ON "asset_inventory_items" USING btree ("case_id","line_no");
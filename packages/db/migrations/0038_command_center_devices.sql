CREATE TABLE "cmd_center_ingest_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"accuracy_filter_m" integer NOT NULL,
	"retention_days" integer NOT NULL,
	"partition_days_ahead" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_devices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_key" text NOT NULL,
	"user_id" integer NOT NULL,
	"platform" text,
	"app_version" text,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"last_fix_at" timestamp with time zone,
	"last_latitude" double precision,
	"last_longitude" double precision,
	"last_accuracy_m" double precision,
	"last_battery" smallint
);
--> statement-breakpoint
ALTER TABLE "cmd_center_ingest_settings" ADD CONSTRAINT "cmd_center_ingest_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_devices" ADD CONSTRAINT "field_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "field_devices_key_uq" ON "field_devices" USING btree ("device_key");--> statement-breakpoint
CREATE INDEX "field_devices_user_idx" ON "field_devices" USING btree ("user_id","last_seen_at");
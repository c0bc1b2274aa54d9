CREATE TABLE "cmd_center_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"values" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- the ingest settings saved before carry over (the other values stay at their defaults until a save)
INSERT INTO "cmd_center_settings" ("id", "values", "version", "updated_by", "updated_at")
SELECT 1, jsonb_build_object('accuracyFilterM', "accuracy_filter_m", 'retentionDays', "retention_days"), "version", "updated_by", "updated_at"
FROM "cmd_center_ingest_settings";--> statement-breakpoint
DROP TABLE "cmd_center_ingest_settings" CASCADE;--> statement-breakpoint
ALTER TABLE "cmd_center_settings" ADD CONSTRAINT "cmd_center_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
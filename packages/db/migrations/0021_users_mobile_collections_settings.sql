CREATE TABLE "collections_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"ptp_horizon_days_b1" integer NOT NULL,
	"ptp_horizon_days_later" integer NOT NULL,
	"ptp_max_days" integer NOT NULL,
	"collector_capacity" integer NOT NULL,
	"escalation_broken_ptps" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "collections_settings" ADD CONSTRAINT "collections_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
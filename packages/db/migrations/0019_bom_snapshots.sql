CREATE TABLE "bom_bucket_snapshots" (
	"month" date NOT NULL,
	"bucket" text NOT NULL,
	"currency" text NOT NULL,
	"accounts" integer NOT NULL,
	"principal_outstanding_minor" bigint NOT NULL,
	"taken_on" date NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"taken_by_user_id" integer,
	CONSTRAINT "bom_bucket_snapshots_month_bucket_currency_pk" PRIMARY KEY("month","bucket","currency")
);
--> statement-breakpoint
ALTER TABLE "bom_bucket_snapshots" ADD CONSTRAINT "bom_bucket_snapshots_taken_by_user_id_users_id_fk" FOREIGN KEY ("taken_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
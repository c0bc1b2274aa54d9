CREATE TABLE "collection_upload_rows" (
	"upload_id" bigint NOT NULL,
	"row_no" integer NOT NULL,
	"account_id" bigint,
	"detail" jsonb NOT NULL,
	CONSTRAINT "collection_upload_rows_upload_id_row_no_pk" PRIMARY KEY("upload_id","row_no")
);
--> statement-breakpoint
CREATE TABLE "collection_uploads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"type" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"total_rows" integer NOT NULL,
	"applied_rows" integer DEFAULT 0 NOT NULL,
	"error_rows" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" text,
	"uploaded_by_user_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"unit_path" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "collection_uploads_job_id_unique" UNIQUE("job_id")
);
--> statement-breakpoint
ALTER TABLE "collection_upload_rows" ADD CONSTRAINT "collection_upload_rows_upload_id_collection_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."collection_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_upload_rows" ADD CONSTRAINT "collection_upload_rows_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_uploads" ADD CONSTRAINT "collection_uploads_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_uploads" ADD CONSTRAINT "collection_uploads_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_uploads" ADD CONSTRAINT "collection_uploads_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_upload_rows_account_idx" ON "collection_upload_rows" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "collection_uploads_unit_path_idx" ON "collection_uploads" USING btree ("unit_path","id");
ALTER TABLE "legal_uploads" ADD COLUMN "job_id" bigint;--> statement-breakpoint
ALTER TABLE "legal_uploads" ADD CONSTRAINT "legal_uploads_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_uploads_job_idx" ON "legal_uploads" USING btree ("job_id");
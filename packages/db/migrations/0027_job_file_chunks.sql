CREATE TABLE "job_file_chunks" (
	"job_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "job_file_chunks_job_id_attempt_seq_pk" PRIMARY KEY("job_id","attempt","seq")
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "result_file_size" bigint;--> statement-breakpoint
ALTER TABLE "job_file_chunks" ADD CONSTRAINT "job_file_chunks_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Chunks are written once and read once: stored out of line without compression (pglz would cost the export CPU).
ALTER TABLE "job_file_chunks" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;

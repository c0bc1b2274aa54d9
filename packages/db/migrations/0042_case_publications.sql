CREATE TABLE "case_publications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"newspaper" text NOT NULL,
	"language" text NOT NULL,
	"vernacular_language" text,
	"edition" text NOT NULL,
	"published_on" date NOT NULL,
	"scan_document_id" bigint NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_publications_language_check" CHECK ("case_publications"."language" in ('ENGLISH', 'VERNACULAR')),
	CONSTRAINT "case_publications_vernacular_check" CHECK (("case_publications"."language" = 'VERNACULAR') = ("case_publications"."vernacular_language" is not null))
);
--> statement-breakpoint
ALTER TABLE "case_publications" ADD CONSTRAINT "case_publications_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_publications" ADD CONSTRAINT "case_publications_scan_document_id_case_documents_id_fk" FOREIGN KEY ("scan_document_id") REFERENCES "public"."case_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_publications" ADD CONSTRAINT "case_publications_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_publications_case_idx" ON "case_publications" USING btree ("case_id","purpose");
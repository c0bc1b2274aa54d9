ALTER TABLE "legal_uploads" ADD COLUMN "definition_code" text DEFAULT 'LEGAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_uploads" ADD COLUMN "stage_code" text;--> statement-breakpoint
CREATE INDEX "legal_uploads_definition_idx" ON "legal_uploads" USING btree ("definition_code","unit_path","created_at");
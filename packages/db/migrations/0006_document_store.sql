-- One document store for account and case documents: account documents get the storage columns case documents have
-- (bytes in the row or a file under DOCUMENT_DIR, with the SHA-256 of the bytes checked on every read).
ALTER TABLE "documents" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "sha256" text;--> statement-breakpoint
UPDATE "documents" SET "sha256" = encode(sha256("content"), 'hex');--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "sha256" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "storage" text DEFAULT 'DB' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "storage_path" text;

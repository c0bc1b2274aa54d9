CREATE TABLE "nach_presentations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"unit_path" text NOT NULL,
	"umrn" text DEFAULT '' NOT NULL,
	"presentation_date" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"return_reason_code" text,
	"receipt_id" bigint,
	"bounce_charge_minor" bigint DEFAULT 0 NOT NULL,
	"upload_id" bigint NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nach_presentations" ADD CONSTRAINT "nach_presentations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nach_presentations" ADD CONSTRAINT "nach_presentations_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nach_presentations" ADD CONSTRAINT "nach_presentations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nach_presentations_uq" ON "nach_presentations" USING btree ("account_id","presentation_date",upper("umrn"));--> statement-breakpoint
CREATE INDEX "nach_presentations_umrn_idx" ON "nach_presentations" USING btree (upper("umrn"));--> statement-breakpoint
CREATE INDEX "bank_statement_credits_reference_idx" ON "bank_statement_credits" USING btree (upper("reference"));
CREATE TABLE "account_marks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"unit_path" text NOT NULL,
	"mark" text NOT NULL,
	"reason" text NOT NULL,
	"document_id" bigint,
	"request_id" bigint NOT NULL,
	"requested_by" integer,
	"approved_by" integer NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	"end_request_id" bigint,
	"ended_by" integer,
	"end_reason" text,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account_marks" ADD CONSTRAINT "account_marks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_marks" ADD CONSTRAINT "account_marks_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_marks" ADD CONSTRAINT "account_marks_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_marks" ADD CONSTRAINT "account_marks_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_marks" ADD CONSTRAINT "account_marks_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_marks_account_idx" ON "account_marks" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "account_marks_unit_path_idx" ON "account_marks" USING btree ("unit_path","id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_marks_one_active_uq" ON "account_marks" USING btree ("account_id","mark") WHERE "account_marks"."ended_at" is null;
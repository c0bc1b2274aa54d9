CREATE TABLE "cmd_allocation_batch_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"user_id" integer,
	"agency_id" integer,
	"outcome" text NOT NULL,
	"reason" text,
	"distance_m" integer
);
--> statement-breakpoint
CREATE TABLE "cmd_allocation_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_no" text NOT NULL,
	"unit_id" integer NOT NULL,
	"unit_path" text NOT NULL,
	"created_by" integer NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"total_count" integer NOT NULL,
	"allocated_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cmd_allocation_batch_items" ADD CONSTRAINT "cmd_allocation_batch_items_batch_id_cmd_allocation_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."cmd_allocation_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cmd_allocation_batch_items" ADD CONSTRAINT "cmd_allocation_batch_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cmd_allocation_batch_items" ADD CONSTRAINT "cmd_allocation_batch_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cmd_allocation_batch_items" ADD CONSTRAINT "cmd_allocation_batch_items_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cmd_allocation_batches" ADD CONSTRAINT "cmd_allocation_batches_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cmd_allocation_batches" ADD CONSTRAINT "cmd_allocation_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cmd_allocation_batch_items_batch_idx" ON "cmd_allocation_batch_items" USING btree ("batch_id","outcome","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cmd_allocation_batches_no_uq" ON "cmd_allocation_batches" USING btree ("batch_no");--> statement-breakpoint
CREATE INDEX "cmd_allocation_batches_unit_idx" ON "cmd_allocation_batches" USING btree ("unit_path","created_at");
CREATE TABLE "collection_targets" (
	"unit_id" integer NOT NULL,
	"month" date NOT NULL,
	"currency" text NOT NULL,
	"target_minor" bigint NOT NULL,
	"set_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_targets_unit_id_month_currency_pk" PRIMARY KEY("unit_id","month","currency")
);
--> statement-breakpoint
ALTER TABLE "collection_targets" ADD CONSTRAINT "collection_targets_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_targets" ADD CONSTRAINT "collection_targets_set_by_user_id_users_id_fk" FOREIGN KEY ("set_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_targets_month_idx" ON "collection_targets" USING btree ("month");--> statement-breakpoint
CREATE INDEX "dues_due_date_idx" ON "dues" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "payments_paid_on_idx" ON "payments" USING btree ("paid_on");
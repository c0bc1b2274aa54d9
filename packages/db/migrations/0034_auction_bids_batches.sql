CREATE TABLE "auction_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_no" text NOT NULL,
	"unit_id" integer NOT NULL,
	"unit_path" text NOT NULL,
	"auction_date" date NOT NULL,
	"emd_last_date" date NOT NULL,
	"inspection_date1" date,
	"inspection_date2" date,
	"auction_agency" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auction_bids" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" bigint NOT NULL,
	"bidder_name" text NOT NULL,
	"bidder_id_no" text,
	"emd_amount_minor" bigint NOT NULL,
	"emd_reference" text,
	"emd_received_on" date,
	"bid_amount_minor" bigint NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"qualified" boolean NOT NULL,
	"remarks" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auction_lots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" bigint NOT NULL,
	"case_id" bigint NOT NULL,
	"lot_no" integer NOT NULL,
	"reserve_price_minor" bigint NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auction_batches" ADD CONSTRAINT "auction_batches_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_batches" ADD CONSTRAINT "auction_batches_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_lots" ADD CONSTRAINT "auction_lots_batch_id_auction_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."auction_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_lots" ADD CONSTRAINT "auction_lots_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auction_batches_batch_no_key" ON "auction_batches" USING btree ("batch_no");--> statement-breakpoint
CREATE INDEX "auction_batches_unit_idx" ON "auction_batches" USING btree ("unit_path");--> statement-breakpoint
CREATE INDEX "auction_bids_case_idx" ON "auction_bids" USING btree ("case_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "auction_lots_batch_lot_key" ON "auction_lots" USING btree ("batch_id","lot_no");--> statement-breakpoint
CREATE UNIQUE INDEX "auction_lots_batch_case_key" ON "auction_lots" USING btree ("batch_id","case_id");--> statement-breakpoint
CREATE INDEX "auction_lots_case_idx" ON "auction_lots" USING btree ("case_id");
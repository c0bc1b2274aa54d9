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
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auction_bids_case_idx" ON "auction_bids" USING btree ("case_id","id");
CREATE TABLE "secured_agencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"registration_no" text NOT NULL,
	"valid_until" date NOT NULL,
	"contact" text NOT NULL,
	"unit_ids" integer[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "secured_agencies_kind_idx" ON "secured_agencies" USING btree ("kind","name");
CREATE TABLE "approval_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" bigint NOT NULL,
	"action" text NOT NULL,
	"decision" text,
	"from_status" text,
	"to_status" text NOT NULL,
	"from_level" integer,
	"to_level" integer NOT NULL,
	"actor_user_id" integer,
	"acting_unit_id" integer,
	"remarks" text,
	"effects" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_limits" (
	"user_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"authority" text NOT NULL,
	"currency" text NOT NULL,
	"max_amount" numeric(18, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_limits_user_id_unit_id_authority_currency_pk" PRIMARY KEY("user_id","unit_id","authority","currency")
);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"flow_code" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" bigint NOT NULL,
	"unit_path" text NOT NULL,
	"maker_user_id" integer,
	"maker_unit_id" integer,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"decision" text,
	"checker_user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"last_checker_user_id" integer,
	"decided_at" timestamp with time zone,
	"remarks" text,
	"amount" numeric(18, 2),
	"currency" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_events" ADD CONSTRAINT "approval_events_request_id_approval_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_events" ADD CONSTRAINT "approval_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_events" ADD CONSTRAINT "approval_events_acting_unit_id_units_id_fk" FOREIGN KEY ("acting_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_limits" ADD CONSTRAINT "approval_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_limits" ADD CONSTRAINT "approval_limits_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_maker_unit_id_units_id_fk" FOREIGN KEY ("maker_unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_last_checker_user_id_users_id_fk" FOREIGN KEY ("last_checker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_events_request_idx" ON "approval_events" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "approval_requests_subject_idx" ON "approval_requests" USING btree ("flow_code","subject_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_one_open_uq" ON "approval_requests" USING btree ("flow_code","subject_type","subject_id") WHERE status in ('PENDING', 'PUSHBACK');--> statement-breakpoint
CREATE INDEX "approval_requests_pending_idx" ON "approval_requests" USING btree ("flow_code","unit_path") WHERE status = 'PENDING';
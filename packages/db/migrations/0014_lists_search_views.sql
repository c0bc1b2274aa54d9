CREATE TABLE "customer_name_words" (
	"word" text NOT NULL,
	"customer_id" bigint NOT NULL,
	CONSTRAINT "customer_name_words_word_customer_id_pk" PRIMARY KEY("word","customer_id")
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"list_key" text NOT NULL,
	"name" text NOT NULL,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_name_words" ADD CONSTRAINT "customer_name_words_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_name_words_prefix_idx" ON "customer_name_words" USING btree ("word" text_pattern_ops,"customer_id");--> statement-breakpoint
CREATE INDEX "customer_name_words_customer_idx" ON "customer_name_words" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_user_list_name_uq" ON "saved_views" USING btree ("user_id","list_key",lower("name"));--> statement-breakpoint
CREATE INDEX "accounts_account_no_prefix_idx" ON "accounts" USING btree ("account_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contacts_phone_search_idx" ON "contacts" USING btree (right(regexp_replace("phone", '[^0-9]', '', 'g'), 10));--> statement-breakpoint
CREATE INDEX "customers_pan_search_idx" ON "customers" USING btree (upper("pan"));--> statement-breakpoint
-- The words of a customer's name, lower case, split on anything that is not a letter or digit.
CREATE OR REPLACE FUNCTION customer_name_words_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.name IS NOT DISTINCT FROM OLD.name THEN RETURN NEW; END IF;
    DELETE FROM customer_name_words WHERE customer_id = OLD.id;
  END IF;
  INSERT INTO customer_name_words (word, customer_id)
    SELECT DISTINCT w, NEW.id FROM regexp_split_to_table(lower(NEW.name), '[^[:alnum:]]+') AS w WHERE w <> ''
    ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customer_name_words_sync AFTER INSERT OR UPDATE OF name ON customers
  FOR EACH ROW EXECUTE FUNCTION customer_name_words_sync();
--> statement-breakpoint
INSERT INTO customer_name_words (word, customer_id)
  SELECT DISTINCT w, c.id FROM customers c, regexp_split_to_table(lower(c.name), '[^[:alnum:]]+') AS w WHERE w <> ''
  ON CONFLICT DO NOTHING;

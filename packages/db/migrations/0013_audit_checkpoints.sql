CREATE TABLE "audit_checkpoints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"head_id" bigint NOT NULL,
	"head_hash" text NOT NULL,
	"row_count" bigint NOT NULL,
	"prev_signature" text,
	"signature" text NOT NULL
);
--> statement-breakpoint
-- Checkpoints are append-only, like the trail they anchor.
CREATE TRIGGER audit_checkpoints_no_update_trg BEFORE UPDATE OR DELETE ON audit_checkpoints FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_checkpoints_no_truncate_trg BEFORE TRUNCATE ON audit_checkpoints FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
-- The chain's order is the id order: the id is drawn after the chain lock is taken, so a writer that drew an id
-- earlier but waited for the lock cannot land below the head it chains to (ids may skip, never reorder).
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727274);
  NEW.id := nextval(pg_get_serial_sequence('audit_log', 'id'));
  SELECT hash INTO NEW.prev_hash FROM audit_log ORDER BY id DESC LIMIT 1;
  NEW.hash := audit_row_hash(NEW.prev_hash, NEW);
  RETURN NEW;
END
$$;

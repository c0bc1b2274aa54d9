-- The Case History is append-only: a step is corrected by a later step, never by editing the record.
CREATE OR REPLACE FUNCTION case_events_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'case_events is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER case_events_no_update_trg BEFORE UPDATE OR DELETE ON case_events FOR EACH ROW EXECUTE FUNCTION case_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER case_events_no_truncate_trg BEFORE TRUNCATE ON case_events FOR EACH STATEMENT EXECUTE FUNCTION case_events_refuse_change();
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS case_no_seq;
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS legal_matter_no_seq;

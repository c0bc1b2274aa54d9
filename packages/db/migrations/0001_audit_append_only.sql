-- The audit trail is append-only and hash-chained (RBI audit-trail expectations; ASVS V16.4.2).
CREATE OR REPLACE FUNCTION audit_row_hash(prev text, r audit_log) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws('|',
    coalesce(prev, ''),
    r.id::text,
    ((extract(epoch FROM r.at) * 1000000)::bigint)::text,
    coalesce(r.actor_user_id::text, ''),
    coalesce(r.acting_unit_id::text, ''),
    r.action, r.entity,
    coalesce(r.entity_id, ''),
    coalesce(r.before::text, ''),
    coalesce(r.after::text, ''),
    coalesce(r.request_id, '')
  ), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Serialise writers of the chain; held only until the transaction ends.
  PERFORM pg_advisory_xact_lock(727274);
  SELECT hash INTO NEW.prev_hash FROM audit_log ORDER BY id DESC LIMIT 1;
  NEW.hash := audit_row_hash(NEW.prev_hash, NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain_trg BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_trg BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate_trg BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();

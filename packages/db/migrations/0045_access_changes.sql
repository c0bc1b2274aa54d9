-- Access changes announced at commit (issue 17): the server keeps granted principal checks for a few seconds
-- (apps/server/src/access/principal-cache.ts), and every instance empties that cache when it hears `access_changed`.
-- Statement triggers on everything the check reads, so a change made by any writer (the app, a job, psql) is heard.
-- NOTIFY inside a transaction is delivered at commit, once per transaction, never for a rollback.
CREATE OR REPLACE FUNCTION announce_access_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_access_changed AFTER UPDATE OF is_active, username, email, full_name OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION announce_access_change();
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_access_changed AFTER UPDATE OF revoked_at, family_expires_at, family_id, user_id OR DELETE OR TRUNCATE ON refresh_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION announce_access_change();
--> statement-breakpoint
CREATE TRIGGER units_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON units
  FOR EACH STATEMENT EXECUTE FUNCTION announce_access_change();
--> statement-breakpoint
CREATE TRIGGER user_units_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_units
  FOR EACH STATEMENT EXECUTE FUNCTION announce_access_change();
--> statement-breakpoint
CREATE TRIGGER user_authorities_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_authorities
  FOR EACH STATEMENT EXECUTE FUNCTION announce_access_change();

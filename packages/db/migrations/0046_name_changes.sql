-- Renamed or removed users, agencies and units announced at commit (issue 17): the server keeps the names tray rows
-- show (apps/server/src/modules/collections/tray-name-directory.ts), and every instance empties them when it hears
-- `names_changed`. Statement triggers, so any writer is heard; NOTIFY is delivered at commit, never for a rollback.
CREATE OR REPLACE FUNCTION announce_name_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('names_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_name_changed AFTER UPDATE OF full_name OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION announce_name_change();
--> statement-breakpoint
CREATE TRIGGER agencies_name_changed AFTER UPDATE OF name OR DELETE OR TRUNCATE ON agencies
  FOR EACH STATEMENT EXECUTE FUNCTION announce_name_change();
--> statement-breakpoint
CREATE TRIGGER units_name_changed AFTER UPDATE OF unit_code OR DELETE OR TRUNCATE ON units
  FOR EACH STATEMENT EXECUTE FUNCTION announce_name_change();

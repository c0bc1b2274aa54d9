-- The role the server connects as in production (DATABASE_URL). Run once as the schema owner (the role of
-- MIGRATION_DATABASE_URL) after the first migration; replace recovery_desk_app, the password and recovery_desk.
-- The app role reads and writes the tables, but it does not own them: it cannot ALTER a table, disable a trigger
-- or set session_replication_role, and it has no UPDATE, DELETE or TRUNCATE on the append-only tables.
CREATE ROLE recovery_desk_app LOGIN PASSWORD 'change-me';
GRANT CONNECT ON DATABASE recovery_desk TO recovery_desk_app;
GRANT USAGE ON SCHEMA public TO recovery_desk_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO recovery_desk_app;
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO recovery_desk_app;
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log, audit_checkpoints, case_events, approval_events, pvr_case_events
  FROM recovery_desk_app;
-- Tables and sequences of later migrations (run by the owner) get the same rights; a new append-only table needs its
-- own REVOKE in its migration.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO recovery_desk_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO recovery_desk_app;

-- Command center (issue 16): the positions of field users' devices, partitioned by day of fix time (UTC days, one
-- partition each, named field_positions_dYYYYMMDD). drizzle-kit cannot express partitioning, so this migration is
-- written by hand (drizzle-kit generate --custom) and the table is not in the drizzle schema.
--
-- Idempotency: a unique index of a partitioned table must contain the partition key, so the key is
-- (device_id, seq, fix_time): a device resends a fix with its seq and fix time (the field app stores the fix as it
-- took it), and the insert is ON CONFLICT DO NOTHING. No foreign key to field_devices: the ingest writes device_id
-- only after it has upserted and locked that device in the same transaction, and a per-row key check would cost the
-- insert rate (docs/architecture.md "Command center: location ingest").
CREATE TABLE "field_positions" (
	"device_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"fix_time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy_m" real NOT NULL,
	"speed_kmh" real,
	"battery" smallint,
	"mock" boolean DEFAULT false NOT NULL,
	"event_type" text DEFAULT 'POSITION' NOT NULL,
	"ref" text
) PARTITION BY RANGE ("fix_time");
--> statement-breakpoint
CREATE UNIQUE INDEX "field_positions_device_seq_uq" ON "field_positions" ("device_id", "seq", "fix_time");
--> statement-breakpoint
CREATE INDEX "field_positions_user_time_idx" ON "field_positions" ("user_id", "fix_time");
--> statement-breakpoint
-- Creates the partition of one UTC day unless it exists (true when it made it). SECURITY DEFINER: the server's app
-- role does not own the table (packages/db/sql/app-role.sql) and could not create or drop its partitions itself.
-- Serialised by an advisory transaction lock; a partition a concurrent call made meanwhile is not an error.
CREATE FUNCTION "field_positions_ensure_day"(day date) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
	part text := 'field_positions_d' || to_char(day, 'YYYYMMDD');
BEGIN
	IF to_regclass(part) IS NOT NULL THEN
		RETURN false;
	END IF;
	PERFORM pg_advisory_xact_lock(hashtext('field_positions_partitions'));
	IF to_regclass(part) IS NOT NULL THEN
		RETURN false;
	END IF;
	BEGIN
		EXECUTE format('CREATE TABLE %I PARTITION OF field_positions FOR VALUES FROM (%L) TO (%L)', part,
			to_char(day, 'YYYY-MM-DD') || ' 00:00:00+00', to_char(day + 1, 'YYYY-MM-DD') || ' 00:00:00+00');
	EXCEPTION WHEN duplicate_table OR unique_violation THEN
		-- made by a concurrent call since the check (an advisory lock does not refresh this session's catalog cache)
		RETURN false;
	END;
	RETURN true;
END
$$;
--> statement-breakpoint
-- Drops the partitions of the days before `cutoff` (the retention window); returns the days dropped.
CREATE FUNCTION "field_positions_drop_before"(cutoff date) RETURNS date[]
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
	part record;
	dropped date[] := '{}';
	day date;
BEGIN
	PERFORM pg_advisory_xact_lock(hashtext('field_positions_partitions'));
	FOR part IN
		SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
		WHERE i.inhparent = 'field_positions'::regclass AND c.relname ~ '^field_positions_d[0-9]{8}$'
		ORDER BY c.relname
	LOOP
		day := to_date(substr(part.relname, 18), 'YYYYMMDD');
		IF day < cutoff THEN
			EXECUTE format('DROP TABLE %I', part.relname);
			dropped := dropped || day;
		END IF;
	END LOOP;
	RETURN dropped;
END
$$;

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea } from './columns.ts';
import { units, users } from './schema.ts';

// Background jobs (issue 10): a durable queue on the product's own table, the same on PGlite and PostgreSQL.
// A worker claims one QUEUED job (or a RUNNING one whose lease has run out) with `FOR UPDATE SKIP LOCKED`, holds it
// under a lease it renews while it runs, and finishes it DONE or, after its last attempt, FAILED.

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** what runs it: a kind of apps/server/src/jobs/registry.ts, e.g. 'collections.day_start' */
    kind: text('kind').notNull(),
    /** QUEUED | RUNNING | DONE | FAILED */
    status: text('status').notNull().default('QUEUED'),
    /** the kind's input (validated by the kind's schema when it runs) */
    payload: jsonb('payload').notNull().default({}),
    /** an uploaded file the job works on (bulk uploads) */
    inputFile: bytea('input_file'),
    /** who started it and the acting unit they started it in; null for scheduled system jobs */
    userId: integer('user_id').references(() => users.id),
    unitId: integer('unit_id').references(() => units.id),
    /** the acting unit's ancestry path, for row scope on the dashboard */
    unitPath: text('unit_path'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    /** not claimed before this time (retry backoff) */
    runAt: timestamptz('run_at').notNull().defaultNow(),
    /** the lease of the worker running it; a RUNNING job past its lease is claimed again */
    lockedUntil: timestamptz('locked_until'),
    lockedBy: text('locked_by'),
    /** the last failed attempt's error (cleared when the job ends DONE) */
    error: text('error'),
    /**
     * what a job saved with its last step (in that step's transaction), so an attempt after a crash resumes there
     * instead of applying a step twice
     */
    checkpoint: jsonb('checkpoint'),
    /** a summary of what the job did (counts, ids) */
    result: jsonb('result'),
    /** a small result file kept in the row (tray exports, error reports, notices) */
    resultFile: bytea('result_file'),
    /**
     * the size of a result file streamed into `job_file_chunks` (report exports) instead of `result_file`: its chunks
     * are those of the attempt that completed the job (`attempts`); null when there is none or it was purged
     */
    resultFileSize: bigint('result_file_size', { mode: 'number' }),
    resultFileName: text('result_file_name'),
    resultContentType: text('result_content_type'),
    /** one live (QUEUED or RUNNING) job per key: scheduled jobs are not queued twice */
    singletonKey: text('singleton_key'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAt),
    index('jobs_user_idx').on(t.userId, t.id),
    index('jobs_unit_path_idx').on(t.unitPath, t.id),
    // Schedule Process: each process's last runs, and when its kind was last queued.
    index('jobs_kind_idx').on(t.kind, t.id),
    uniqueIndex('jobs_singleton_idx')
      .on(t.singletonKey)
      .where(sql`status in ('QUEUED', 'RUNNING') and singleton_key is not null`),
  ],
);

/**
 * A job's result file in chunks (about 1 MB each), written as the job produces it, inside the transaction that reads
 * its rows: the file is never held whole in memory, and a crash before that commit leaves no chunk. The chunks of the
 * attempt that completed the job are its file (`jobs.attempts`); an earlier attempt's are deleted by the next attempt
 * and on completion. Downloads read them back one at a time.
 */
export const jobFileChunks = pgTable(
  'job_file_chunks',
  {
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.attempt, t.seq] })],
);

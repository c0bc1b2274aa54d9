import { sql } from 'drizzle-orm';
import type { Executor } from '../db/transaction.ts';
import { LeaseLostError } from './job-kind.ts';
import { isoTimestamp, isoTimestampOrNull, selectRows } from '../db/sql-rows.ts';
import { JOB_FILE_COLUMNS, jobFileLocation, type JobFileLocation, type StoredJobFileRef } from './job-files.ts';

// The SQL of the job queue (the `jobs` table, packages/db/src/jobs-schema.ts). Every time comes from the caller's
// clock, so tests move time by hand instead of waiting.

export type JobStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';

export type NewJob = {
  kind: string;
  payload: unknown;
  inputFile?: Uint8Array | null;
  userId: number | null;
  unitId: number | null;
  unitPath: string | null;
  maxAttempts: number;
  singletonKey?: string | null;
  at: Date;
};

/** Inserts a QUEUED job; with a singleton key, nothing when a live job holds the key (returns null). */
export async function insertJob(db: Executor, job: NewJob): Promise<number | null> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`insert into jobs (kind, payload, input_file, user_id, unit_id, unit_path, max_attempts, singleton_key, run_at,
        created_at, updated_at)
      values (${job.kind}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.inputFile ?? null}, ${job.userId},
        ${job.unitId}, ${job.unitPath}, ${job.maxAttempts}, ${job.singletonKey ?? null},
        ${job.at.toISOString()}::timestamptz, ${job.at.toISOString()}::timestamptz, ${job.at.toISOString()}::timestamptz)
      on conflict (singleton_key) where status in ('QUEUED', 'RUNNING') and singleton_key is not null do nothing
      returning id`,
  );
  return rows[0]?.id ?? null;
}

/**
 * Inserts a job already RUNNING as its first attempt, for work another job does in its own transaction (the report
 * pack writes each file as a job of the file's kind, then completes it with `completeJob` in the same transaction):
 * nobody sees it, or claims it, before that transaction commits it DONE.
 */
export async function insertRunningJob(db: Executor, job: Omit<NewJob, 'singletonKey'>): Promise<number> {
  const at = sql`${job.at.toISOString()}::timestamptz`;
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`insert into jobs (kind, status, payload, user_id, unit_id, unit_path, attempts, max_attempts, run_at,
        started_at, locked_by, locked_until, created_at, updated_at)
      values (${job.kind}, 'RUNNING', ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.userId}, ${job.unitId},
        ${job.unitPath}, 1, ${job.maxAttempts}, ${at}, ${at}, 'in-transaction', ${at}, ${at}, ${at})
      returning id`,
  );
  return Number(row!.id);
}

export type ClaimedJob = {
  id: number;
  kind: string;
  payload: unknown;
  inputFile: Uint8Array | null;
  userId: number | null;
  unitId: number | null;
  attempts: number;
  maxAttempts: number;
  progressDone: number;
  checkpoint: unknown;
};

/**
 * Claims the next runnable job: QUEUED and due, or RUNNING with a lease that ran out (its worker died). One
 * statement: the inner select locks the row with SKIP LOCKED, so two workers never claim the same job, and the
 * attempt count goes up with the claim (an attempt that dies still counts).
 */
export async function claimJob(
  db: Executor,
  input: {
    workerId: string;
    now: Date;
    leaseMs: number;
    kinds: readonly string[];
    /** only a job a user started (not the scheduler's) */
    userStartedOnly?: boolean;
  },
): Promise<ClaimedJob | null> {
  const now = sql`${input.now.toISOString()}::timestamptz`;
  const rows = await selectRows<ClaimedJob & { inputFile: Uint8Array | null }>(
    db,
    sql`update jobs set status = 'RUNNING', attempts = attempts + 1, locked_by = ${input.workerId},
        locked_until = ${now} + make_interval(secs => ${input.leaseMs / 1000}),
        started_at = coalesce(started_at, ${now}), updated_at = ${now}
      where id = (
        select id from jobs
        where kind = any(${sqlTextArray(input.kinds)})
          ${input.userStartedOnly ? sql`and user_id is not null` : sql``}
          and ((status = 'QUEUED' and run_at <= ${now}) or (status = 'RUNNING' and locked_until < ${now}))
        order by run_at, id
        for update skip locked
        limit 1
      )
      returning id, kind, payload, input_file as "inputFile", user_id as "userId", unit_id as "unitId", attempts,
        max_attempts as "maxAttempts", progress_done as "progressDone", checkpoint`,
  );
  return rows[0] ?? null;
}

function sqlTextArray(values: readonly string[]) {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** The claim's fence: only the worker holding this attempt may touch the job. */
const held = (id: number, attempt: number) => sql`id = ${id} and attempts = ${attempt} and status = 'RUNNING'`;

/** Renews the lease and records progress; false when the job is no longer this attempt's (lease lost). */
export async function reportProgress(
  db: Executor,
  input: { id: number; attempt: number; done?: number; total?: number | null; now: Date; leaseMs: number },
): Promise<boolean> {
  const now = sql`${input.now.toISOString()}::timestamptz`;
  const rows = await selectRows<{ id: number }>(
    db,
    sql`update jobs set locked_until = ${now} + make_interval(secs => ${input.leaseMs / 1000}), updated_at = ${now}
        ${input.done === undefined ? sql`` : sql`, progress_done = ${input.done}`}
        ${input.total === undefined ? sql`` : sql`, progress_total = ${input.total}`}
      where ${held(input.id, input.attempt)}
      returning id`,
  );
  return rows.length > 0;
}

/**
 * Saves a step's checkpoint and progress inside the step's own transaction: the step and the record that it was done
 * commit together. Throws when the job is no longer this attempt's, which rolls the step back.
 */
export async function saveCheckpoint(
  tx: Executor,
  input: { id: number; attempt: number; done: number; total: number; state: unknown; now: Date; leaseMs: number },
): Promise<void> {
  const now = sql`${input.now.toISOString()}::timestamptz`;
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`update jobs set progress_done = ${input.done}, progress_total = ${input.total},
        checkpoint = ${JSON.stringify(input.state ?? null)}::jsonb,
        locked_until = ${now} + make_interval(secs => ${input.leaseMs / 1000}), updated_at = ${now}
      where ${held(input.id, input.attempt)}
      returning id`,
  );
  if (rows.length === 0) throw new LeaseLostError(input.id);
}

export type JobResultFile = { fileName: string; contentType: string; body: Uint8Array };

/**
 * Ends an attempt DONE (fenced by the attempt). Its file is either bytes kept in the row or, for a file the attempt
 * streamed into `job_file_chunks` (`stored`), its size; chunks of other attempts are deleted with it. An attempt that
 * lost its lease leaves the job alone and deletes its own chunks.
 */
export async function completeJob(
  db: Executor,
  input: {
    id: number;
    attempt: number;
    result: unknown;
    file: JobResultFile | StoredJobFileRef | null;
    now: Date;
  },
): Promise<boolean> {
  const now = sql`${input.now.toISOString()}::timestamptz`;
  const file = input.file;
  const body = file && 'body' in file ? file.body : null;
  const size = file && 'stored' in file ? file.stored.size : null;
  const rows = await selectRows<{ id: number }>(
    db,
    sql`update jobs set status = 'DONE', error = null, locked_until = null, finished_at = ${now}, updated_at = ${now},
        progress_done = coalesce(progress_total, greatest(progress_done, 1)),
        progress_total = coalesce(progress_total, greatest(progress_done, 1)),
        result = ${JSON.stringify(input.result ?? null)}::jsonb, input_file = null, checkpoint = null,
        result_file = ${body}, result_file_size = ${size}, result_file_name = ${file?.fileName ?? null},
        result_content_type = ${file?.contentType ?? null}
      where ${held(input.id, input.attempt)}
      returning id`,
  );
  const completed = rows.length > 0;
  if (size !== null || !completed) {
    // the file is this attempt's chunks (or none): any other attempt's go; a discarded attempt's own go
    await db.execute(
      completed
        ? sql`delete from job_file_chunks where job_id = ${input.id} and attempt <> ${input.attempt}`
        : sql`delete from job_file_chunks where job_id = ${input.id} and attempt = ${input.attempt}`,
    );
  }
  return completed;
}

/** A failed attempt: QUEUED again at `retryAt`, or FAILED (dead) when it was the last. */
export async function failAttempt(
  db: Executor,
  input: { id: number; attempt: number; error: string; retryAt: Date | null; now: Date },
): Promise<boolean> {
  const now = sql`${input.now.toISOString()}::timestamptz`;
  const rows = await selectRows<{ id: number }>(
    db,
    input.retryAt
      ? sql`update jobs set status = 'QUEUED', error = ${input.error}, locked_until = null, locked_by = null,
            run_at = ${input.retryAt.toISOString()}::timestamptz, updated_at = ${now}
          where ${held(input.id, input.attempt)} returning id`
      : sql`update jobs set status = 'FAILED', error = ${input.error}, locked_until = null, finished_at = ${now},
            input_file = null, updated_at = ${now}
          where ${held(input.id, input.attempt)} returning id`,
  );
  return rows.length > 0;
}

export type JobView = {
  id: number;
  kind: string;
  status: JobStatus;
  userId: number | null;
  username: string | null;
  userFullName: string | null;
  unitId: number | null;
  unitCode: string | null;
  progressDone: number;
  progressTotal: number | null;
  attempts: number;
  maxAttempts: number;
  error: string | null;
  result: unknown;
  resultFileName: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

type JobViewRow = Omit<JobView, 'createdAt' | 'startedAt' | 'finishedAt'> & {
  createdAt: Date | string;
  startedAt: Date | string | null;
  finishedAt: Date | string | null;
};

const VIEW_COLUMNS = sql`j.id, j.kind, j.status, j.user_id as "userId", u.username, u.full_name as "userFullName",
  j.unit_id as "unitId", un.unit_code as "unitCode", j.progress_done as "progressDone",
  j.progress_total as "progressTotal", j.attempts, j.max_attempts as "maxAttempts", j.error, j.result,
  j.result_file_name as "resultFileName", j.created_at as "createdAt", j.started_at as "startedAt",
  j.finished_at as "finishedAt"`;
const VIEW_FROM = sql`jobs j left join users u on u.id = j.user_id left join units un on un.id = j.unit_id`;

function toView(row: JobViewRow): JobView {
  return {
    ...row,
    createdAt: isoTimestamp(row.createdAt),
    startedAt: isoTimestampOrNull(row.startedAt),
    finishedAt: isoTimestampOrNull(row.finishedAt),
  };
}

/** Whose jobs a read may see: one user's, or those of a unit's subtree (plus system jobs for a root unit). */
export type JobScope = { userId: number } | { unitPath: string; includeSystem: boolean };

function scopeCondition(scope: JobScope) {
  if ('userId' in scope) return sql`j.user_id = ${scope.userId}`;
  const subtree = sql`j.unit_path like ${`${scope.unitPath}%`}`;
  return scope.includeSystem ? sql`(${subtree} or j.unit_path is null)` : subtree;
}

export async function listJobs(
  db: Executor,
  input: { scope: JobScope; kind?: string; status?: string; limit: number; offset: number },
): Promise<{ rows: JobView[]; count: number }> {
  const where = sql.join(
    [
      scopeCondition(input.scope),
      input.kind ? sql`j.kind = ${input.kind}` : undefined,
      input.status ? sql`j.status = ${input.status}` : undefined,
    ].filter((part) => part !== undefined),
    sql` and `,
  );
  const [rows, counted] = await Promise.all([
    selectRows<JobViewRow>(
      db,
      sql`select ${VIEW_COLUMNS} from ${VIEW_FROM} where ${where} order by j.id desc
        limit ${input.limit} offset ${input.offset}`,
    ),
    selectRows<{ count: number }>(db, sql`select count(*)::int as count from jobs j where ${where}`),
  ]);
  return { rows: rows.map(toView), count: counted[0]?.count ?? 0 };
}

export async function findJob(db: Executor, input: { id: number; scope: JobScope }): Promise<JobView | null> {
  const [row] = await selectRows<JobViewRow>(
    db,
    sql`select ${VIEW_COLUMNS} from ${VIEW_FROM} where j.id = ${input.id} and ${scopeCondition(input.scope)}`,
  );
  return row ? toView(row) : null;
}

export async function findJobFile(
  db: Executor,
  input: { id: number; scope: JobScope },
): Promise<JobFileLocation | null> {
  const [row] = await selectRows<Parameters<typeof jobFileLocation>[0]>(
    db,
    sql`select j.result_file_name as "fileName", j.result_content_type as "contentType", ${JOB_FILE_COLUMNS}
      from jobs j where j.id = ${input.id} and j.status = 'DONE' and ${scopeCondition(input.scope)}`,
  );
  return row ? jobFileLocation(row) : null;
}

/** Who a job acts for: the user and acting unit it was started by (null parts for system jobs). */
export async function findJobActor(
  db: Executor,
  input: { userId: number | null; unitId: number | null },
): Promise<{
  user: { id: number; username: string; email: string; fullName: string } | null;
  unit: { id: number; code: string; path: string; hasChildren: boolean } | null;
}> {
  const [row] = await selectRows<{
    userId: number | null;
    username: string | null;
    email: string | null;
    fullName: string | null;
    unitId: number | null;
    unitCode: string | null;
    unitPath: string | null;
    hasChildren: boolean | null;
  }>(
    db,
    sql`select u.id as "userId", u.username, u.email, u.full_name as "fullName", un.id as "unitId",
        un.unit_code as "unitCode", un.path as "unitPath",
        exists (select 1 from units c where c.parent_id = un.id) as "hasChildren"
      from (select 1) one
      left join users u on u.id = ${input.userId}
      left join units un on un.id = ${input.unitId}`,
  );
  return {
    user:
      row?.userId != null
        ? { id: row.userId, username: row.username!, email: row.email!, fullName: row.fullName! }
        : null,
    unit:
      row?.unitId != null
        ? { id: row.unitId, code: row.unitCode!, path: row.unitPath!, hasChildren: row.hasChildren === true }
        : null,
  };
}

/** Whether a job of this kind is QUEUED or RUNNING. */
export async function hasLiveJob(db: Executor, kind: string): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select id from jobs where kind = ${kind} and status in ('QUEUED', 'RUNNING') limit 1`,
  );
  return rows.length > 0;
}

/**
 * Queues a FAILED job again (a person's retry): its attempts start over, its checkpoint stays (it resumes at the
 * step that failed), its error is kept until it ends. False when it is no longer FAILED.
 */
export async function requeueFailedJob(
  db: Executor,
  input: { id: number; singletonKey: string | null; now: Date },
): Promise<boolean> {
  const now = sql`${input.now.toISOString()}::timestamptz`;
  const rows = await selectRows<{ id: number }>(
    db,
    sql`update jobs set status = 'QUEUED', attempts = 0, run_at = ${now}, locked_until = null, locked_by = null,
        finished_at = null, singleton_key = ${input.singletonKey}, updated_at = ${now}
      where id = ${input.id} and status = 'FAILED' returning id`,
  );
  return rows.length > 0;
}

/** Ends a FAILED job DONE by a decision (force completion): its result says so; the last error stays. */
export async function completeFailedJob(
  db: Executor,
  input: { id: number; result: unknown; now: Date },
): Promise<boolean> {
  const now = sql`${input.now.toISOString()}::timestamptz`;
  const rows = await selectRows<{ id: number }>(
    db,
    sql`update jobs set status = 'DONE', result = ${JSON.stringify(input.result)}::jsonb, finished_at = ${now},
        updated_at = ${now}
      where id = ${input.id} and status = 'FAILED' returning id`,
  );
  return rows.length > 0;
}

/** A job's kind, status, payload, checkpoint and unit path (any unit: the caller checks scope). */
export async function readJobState(
  db: Executor,
  id: number,
): Promise<{ kind: string; status: JobStatus; payload: unknown; checkpoint: unknown; unitPath: string | null } | null> {
  const [row] = await selectRows<{
    kind: string;
    status: JobStatus;
    payload: unknown;
    checkpoint: unknown;
    unitPath: string | null;
  }>(db, sql`select kind, status, payload, checkpoint, unit_path as "unitPath" from jobs where id = ${id} for update`);
  return row ?? null;
}

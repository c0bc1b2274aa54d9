import type { z } from 'zod';
import type { Transaction } from '../db/transaction.ts';
import type { AppDeps } from '../deps.ts';
import type { RequestContext } from '../http/request-context.ts';
import type { StoredJobFileRef } from './job-files.ts';
import type { JobResultFile } from './jobs.repository.ts';

/** What a job's `run` is given. */
export type RunningJob<P> = {
  id: number;
  payload: P;
  /** 1 on the first attempt */
  attempt: number;
  /** the uploaded file the job was queued with (bulk uploads), else null */
  inputFile: Buffer | null;
  /**
   * The user and acting unit that started the job, as a request would carry them (audit rows name them, row scope
   * uses the unit); `requestId` is `job-<id>`. Both null for a scheduled system job.
   */
  ctx: RequestContext;
  deps: AppDeps;
  /**
   * Records progress (done of total) and renews the lease. Call it every few rows: a job that reports nothing for
   * longer than the lease is taken for dead and run again by another worker.
   */
  progress: (done: number, total?: number) => Promise<void>;
  /**
   * Where an earlier attempt stopped: the progress and state of its last `checkpoint`, or null on a fresh start.
   * A job of many steps (rows of an upload) skips the steps done before and starts from this state.
   */
  resumeFrom: { done: number; state: unknown } | null;
  /**
   * Records, inside a step's transaction, that the step is done (progress `done` of `total`) and the state to resume
   * from. Step and record commit together, so a crash never applies a step twice. Throws (rolling the step back) when
   * the lease was lost to another worker.
   */
  checkpoint: (tx: Transaction, done: number, total: number, state: unknown) => Promise<void>;
};

/**
 * What a job leaves behind: a summary shown on the dashboard, and optionally a file to download: its bytes (kept in
 * the job's row), or a file the attempt streamed into `job_file_chunks` with a `JobFileWriter` (`stored`).
 */
export type JobOutcome = { summary?: unknown; file?: JobResultFile | StoredJobFileRef };

/** A kind of background job: its payload's schema and what it does. */
export type JobKind<P = unknown> = {
  kind: string;
  payload: z.ZodType<P>;
  /** attempts before the job is FAILED for good (default 3) */
  maxAttempts?: number;
  /** the authority-free context it needs: 'user' jobs are refused without a starting user and unit */
  needs: 'user' | 'system';
  run: (job: RunningJob<P>) => Promise<JobOutcome>;
  /**
   * A scheduled kind: every `everyMs` the worker queues one (a singleton) when `due` finds work for it, so the
   * dashboard does not fill with empty runs.
   */
  schedule?: {
    /** how often the worker looks (and, with an interval set on Schedule Process, the least time between runs) */
    everyMs: number;
    due: (deps: AppDeps) => Promise<boolean>;
    /** a daily kind runs once a day at this time (HH:MM in SCHEDULE_TIME_ZONE) unless Schedule Process changes it */
    timeOfDay?: string;
    /** queued by the scheduler unless Schedule Process disables it (default true) */
    enabledByDefault?: boolean;
    /** the payload of a scheduled run (default `{}`) */
    payload?: (deps: AppDeps) => Promise<P>;
  };
  /**
   * Runs inside the transaction that fails the job for good (its last attempt failed, it was refused, or its worker
   * died during the last attempt), so what the job leaves visible is closed with it (a bulk upload's record is
   * marked INTERRUPTED). `ctx` is the starter's, as in `run` (user and unit null when they no longer exist).
   */
  onFailed?: (tx: Transaction, job: { id: number; ctx: RequestContext; deps: AppDeps; error: string }) => Promise<void>;
};

/** Declares a job kind (keeps the payload type between `payload` and `run`). */
export function defineJob<P>(kind: JobKind<P>): JobKind<P> {
  return kind;
}

/** A job ended by its handler on purpose: failed for good, without further attempts (e.g. a bad file). */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/** The job's lease went to another worker: the attempt must stop (its step is rolled back). */
export class LeaseLostError extends Error {
  constructor(jobId: number) {
    super(`job ${jobId} is no longer held by this attempt (lease lost)`);
    this.name = 'LeaseLostError';
  }
}

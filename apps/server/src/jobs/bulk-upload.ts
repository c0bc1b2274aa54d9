import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { z } from 'zod';
import { emitAudit } from '../audit/emit-audit.ts';
import { withTransaction, type Transaction } from '../db/transaction.ts';
import type { UnitContext } from '../http/request-context.ts';
import { enqueueJob } from './enqueue-job.ts';
import { defineJob, LeaseLostError, PermanentJobError, type JobKind, type RunningJob } from './job-kind.ts';

// Bulk uploads (a file of rows, each applied in its own transaction) on the job queue, with a record users see
// (an upload dashboard row) that is never behind the rows:
// - the record is created PROCESSING, with its total, in the request's transaction, together with the job and its
//   audit row: it exists before the first row is applied;
// - each row's outcome is added to the record in the transaction that applies the row, with the job's checkpoint:
//   at every instant (a crash included) the record counts exactly the rows applied;
// - after a crash the job is resumed from its checkpoint by the next worker (the restarted process, or another
//   instance, once the lease runs out) and the record is closed with its final status; a job that fails for good
//   (its last attempt, a refusal, or a worker that died on its last attempt) closes its record INTERRUPTED in the
//   transaction that fails the job (`onFailed`). Closing is audited, once, in the closing transaction.
// Every bulk upload is defined with `defineBulkUploadJob`; its module supplies the record store and the row work.

export type UploadRowError = { row: number; field: string; message: string };
export type UploadRowOutcome = { ok: true } | { ok: false; errors: UploadRowError[] };
export type ClosedUpload = { id: number; status: string; totalRows: number; okRows: number; failedRows: number };

/** Where an upload kind keeps its records (e.g. `legal_uploads`); every write runs in the caller's transaction. */
export type UploadRecordStore = {
  /** A new record, PROCESSING, with its total and no row counted; returns its id. */
  create: (
    tx: Transaction,
    input: {
      jobId: number;
      ctx: UnitContext;
      kind: string;
      fileName: string;
      totalRows: number;
      at: Date;
      /** the job's payload (kind-specific choices, e.g. the stage of a workflow stage update) */
      payload: BulkUploadPayload & Record<string, unknown>;
    },
  ) => Promise<number>;
  /** Adds one row's outcome to the counts (and its errors) of the job's record. */
  addRow: (tx: Transaction, jobId: number, outcome: UploadRowOutcome) => Promise<void>;
  /**
   * Closes the job's PROCESSING record: INTERRUPTED, or its final status from the counts. Null when it was closed
   * already (a crash after the closing commit): closing twice changes nothing.
   */
  close: (tx: Transaction, jobId: number, input: { interrupted: boolean; at: Date }) => Promise<ClosedUpload | null>;
  /** The record's id, for the job's result when it was closed before. */
  find: (tx: Transaction, jobId: number) => Promise<number | null>;
};

export type BulkUploadPayload = { kind: string; fileName: string };

export type BulkUploadSpec<P extends BulkUploadPayload, Row> = {
  /** the job kind, e.g. 'legal.upload' */
  job: string;
  payload: z.ZodType<P>;
  record: UploadRecordStore;
  /** audit action and entity of the record (the closing row; the request's is `<action>.start`) */
  audit: { action: string; entity: string };
  /** Reads and checks the file (the request and the job read it the same way); `details` go into the audit rows. */
  readRows: (payload: P, file: Buffer) => Promise<{ rows: Row[]; details?: Record<string, unknown> }>;
  /**
   * Applies one row in a transaction of its own and awaits `done(tx)` in it as its last step (the checkpoint and the
   * record's count commit with the row). A thrown error is the row's failure: nothing of it is applied.
   */
  applyRow: (job: RunningJob<P>, ctx: UnitContext, row: Row, done: (tx: Transaction) => Promise<void>) => Promise<void>;
  /** The errors a failed row records. */
  rowErrors: (job: RunningJob<P>, row: Row, error: unknown) => UploadRowError[];
  /** The job's result (shown when it ends): usually the record as the dashboard reads it. */
  result: (job: RunningJob<P>, ctx: UnitContext, recordId: number) => Promise<unknown>;
  /** the starter's unit context inside the job (throws when the job has none) */
  unitContext: (job: RunningJob<P>) => UnitContext;
};

export type BulkUploadJob<P extends BulkUploadPayload> = JobKind<P> & {
  /**
   * In the request's transaction: queues the job with the file, creates its record (PROCESSING) and audits both.
   * Returns the job's id. Call `deps.jobs.wake()` after the commit.
   */
  enqueue: (
    tx: Transaction,
    ctx: UnitContext,
    input: { payload: P; file: Uint8Array; totalRows: number; details?: Record<string, unknown>; at: Date },
  ) => Promise<number>;
};

export function defineBulkUploadJob<P extends BulkUploadPayload, Row>(spec: BulkUploadSpec<P, Row>): BulkUploadJob<P> {
  const kind = defineJob<P>({
    kind: spec.job,
    payload: spec.payload,
    needs: 'user',
    run: async (job) => {
      const { deps } = job;
      const ctx = spec.unitContext(job);
      if (!job.inputFile) throw new PermanentJobError('The uploaded file is no longer stored; upload it again.');
      const { rows, details } = await spec.readRows(job.payload, job.inputFile);
      const total = rows.length;
      const start = job.resumeFrom?.done ?? 0;
      await job.progress(start, total);
      for (let index = start; index < total; index += 1) {
        // Requests are served between rows: on PGlite (in this thread) a row's queries never wait on I/O, so without
        // a turn of the event loop the whole upload would run before the next request is even read.
        await yieldToEventLoop();
        const row = rows[index]!;
        // The state is never null: a null checkpoint reads as "no checkpoint" (start over).
        const step = { row: index + 1 };
        try {
          await spec.applyRow(job, ctx, row, async (tx) => {
            await job.checkpoint(tx, index + 1, total, step);
            await spec.record.addRow(tx, job.id, { ok: true });
          });
        } catch (error) {
          if (error instanceof LeaseLostError) throw error;
          const errors = spec.rowErrors(job, row, error);
          await withTransaction(deps.db, async (tx) => {
            await job.checkpoint(tx, index + 1, total, step);
            await spec.record.addRow(tx, job.id, { ok: false, errors });
          });
        }
      }
      const recordId = await withTransaction(deps.db, async (tx) => {
        const closed = await spec.record.close(tx, job.id, { interrupted: false, at: deps.clock.now() });
        if (!closed) return spec.record.find(tx, job.id);
        await emitAudit(tx, ctx, {
          action: spec.audit.action,
          entity: spec.audit.entity,
          entityId: closed.id,
          after: { ...job.payload, ...details, ...closed, jobId: job.id },
        });
        return closed.id;
      });
      if (recordId === null) throw new Error(`the record of upload job ${job.id} is missing`);
      return { summary: await spec.result(job, ctx, recordId) };
    },
    onFailed: async (tx, failed) => {
      const closed = await spec.record.close(tx, failed.id, { interrupted: true, at: failed.deps.clock.now() });
      if (!closed) return;
      await emitAudit(tx, failed.ctx, {
        action: spec.audit.action,
        entity: spec.audit.entity,
        entityId: closed.id,
        after: { ...closed, jobId: failed.id, reason: failed.error },
      });
    },
  });
  return {
    ...kind,
    enqueue: async (tx, ctx, input) => {
      const jobId = await enqueueJob(tx, ctx, {
        kind,
        payload: input.payload,
        inputFile: input.file,
        at: input.at,
      });
      const recordId = await spec.record.create(tx, {
        jobId,
        ctx,
        kind: input.payload.kind,
        fileName: input.payload.fileName,
        totalRows: input.totalRows,
        at: input.at,
        payload: input.payload,
      });
      await emitAudit(tx, ctx, {
        action: `${spec.audit.action}.start`,
        entity: spec.audit.entity,
        entityId: recordId,
        after: { ...input.payload, ...input.details, status: 'PROCESSING', totalRows: input.totalRows, jobId },
      });
      return jobId;
    },
  };
}

import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './collections-schema.ts';
import { jobs } from './jobs-schema.ts';
import { units, users } from './schema.ts';

// Collections File Upload (issue 14, migration 0021). One record per uploaded file, created PROCESSING with its job
// in the request's transaction; the job validates every row and then applies all of them in ONE transaction that
// also closes the record APPLIED and writes one `collection_upload_rows` row per applied row (the per-row trail the
// upload's single audit row points at), or closes it REJECTED with the row errors and applies nothing.

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const collectionUploads = pgTable(
  'collection_uploads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => jobs.id),
    /** ALLOCATION (packages/domain/src/collections/uploads.ts) */
    type: text('type').notNull(),
    fileName: text('file_name').notNull(),
    /** PROCESSING | APPLIED | REJECTED | FAILED */
    status: text('status').notNull(),
    totalRows: integer('total_rows').notNull(),
    appliedRows: integer('applied_rows').notNull().default(0),
    /** rows with at least one error */
    errorRows: integer('error_rows').notNull().default(0),
    /** the first errors ({row, column, message}); the job's result file (the error report) holds them all */
    errors: jsonb('errors').notNull().default([]),
    failure: text('failure'),
    uploadedByUserId: integer('uploaded_by_user_id')
      .notNull()
      .references(() => users.id),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    /** the acting unit's path at upload: row scope */
    unitPath: text('unit_path').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [index('collection_uploads_unit_path_idx').on(t.unitPath, t.id)],
);

/** Each applied row of an APPLIED upload: what it changed (written in the apply transaction). */
export const collectionUploadRows = pgTable(
  'collection_upload_rows',
  {
    uploadId: bigint('upload_id', { mode: 'number' })
      .notNull()
      .references(() => collectionUploads.id),
    rowNo: integer('row_no').notNull(),
    accountId: bigint('account_id', { mode: 'number' }).references(() => accounts.id),
    /** before and after of the row's change (allocation: previous and new user/agency) */
    detail: jsonb('detail').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.rowNo] }), index('collection_upload_rows_account_idx').on(t.accountId)],
);

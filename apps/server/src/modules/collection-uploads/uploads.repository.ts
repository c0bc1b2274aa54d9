import { sql, type SQL } from 'drizzle-orm';
import type {
  CollUploadError,
  CollUploadReply,
  CollUploadRow,
  CollUploadStatus,
  DownloadRow,
} from '@recovery-desk/domain/collections/uploads.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor, Transaction } from '../../db/transaction.ts';
import { bigintArray, integerArray, textArray } from '../../db/sql-arrays.ts';
import { isoTimestamp, isoTimestampOrNull, selectRows } from '../../db/sql-rows.ts';
import { JOB_FILE_COLUMNS, jobFileLocation, type JobFileLocation } from '../../jobs/job-files.ts';

// The SQL of collections uploads (collection_uploads, collection_upload_rows: migration 0021) and of File Download
// (the result files of the jobs table).

const SELECT = sql`c.id as "uploadId", c.type, c.file_name as "fileName", c.status, c.total_rows as "totalRows",
  c.applied_rows as "appliedRows", c.error_rows as "errorRows", c.failure, c.job_id as "jobId",
  u.full_name as "uploadedBy", c.created_at as "createdAt", c.finished_at as "finishedAt"`;
const FROM = sql`collection_uploads c join users u on u.id = c.uploaded_by_user_id`;

type Raw = Omit<CollUploadRow, 'createdAt' | 'finishedAt'> & {
  createdAt: Date | string;
  finishedAt: Date | string | null;
};
const toRow = (raw: Raw): CollUploadRow => ({
  ...raw,
  uploadId: Number(raw.uploadId),
  jobId: Number(raw.jobId),
  createdAt: isoTimestamp(raw.createdAt),
  finishedAt: isoTimestampOrNull(raw.finishedAt),
});

export async function insertCollUpload(
  tx: Transaction,
  input: {
    jobId: number;
    type: string;
    fileName: string;
    totalRows: number;
    userId: number;
    unitId: number;
    unitPath: string;
    at: Date;
  },
): Promise<number> {
  const [row] = await selectRows<{ id: number }>(
    tx,
    sql`insert into collection_uploads (job_id, type, file_name, status, total_rows, uploaded_by_user_id, unit_id,
        unit_path, created_at)
      values (${input.jobId}, ${input.type}, ${input.fileName}, 'PROCESSING', ${input.totalRows}, ${input.userId},
        ${input.unitId}, ${input.unitPath}, ${input.at.toISOString()}::timestamptz)
      returning id`,
  );
  if (!row) throw new Error('upload insert failed');
  return Number(row.id);
}

/** The job's upload record: its id and status; `lock` takes the row lock (the apply transaction's guard). */
export async function findUploadOfJob(
  db: Executor,
  jobId: number,
  options: { lock?: boolean } = {},
): Promise<{ id: number; status: CollUploadStatus } | null> {
  const [row] = await selectRows<{ id: number; status: CollUploadStatus }>(
    db,
    sql`select id, status from collection_uploads where job_id = ${jobId}${options.lock ? sql` for update` : sql``}`,
  );
  return row ? { id: Number(row.id), status: row.status } : null;
}

/** Closes the job's PROCESSING record; null when it was closed already (closing twice changes nothing). */
export async function closeCollUpload(
  tx: Transaction,
  input: {
    jobId: number;
    status: Exclude<CollUploadStatus, 'PROCESSING'>;
    appliedRows: number;
    errorRows: number;
    errors: readonly CollUploadError[];
    failure: string | null;
    at: Date;
  },
): Promise<{ id: number; totalRows: number } | null> {
  const [row] = await selectRows<{ id: number; totalRows: number }>(
    tx,
    sql`update collection_uploads set status = ${input.status}, applied_rows = ${input.appliedRows},
        error_rows = ${input.errorRows}, errors = ${JSON.stringify(input.errors)}::jsonb, failure = ${input.failure},
        finished_at = ${input.at.toISOString()}::timestamptz
      where job_id = ${input.jobId} and status = 'PROCESSING'
      returning id, total_rows as "totalRows"`,
  );
  return row ? { id: Number(row.id), totalRows: Number(row.totalRows) } : null;
}

/** The applied rows' trail, one statement for many rows (one bind parameter: a JSON array). */
export async function insertUploadRows(
  tx: Transaction,
  uploadId: number,
  rows: readonly { rowNo: number; accountId: number | null; detail: unknown }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(
    sql`insert into collection_upload_rows (upload_id, row_no, account_id, detail)
      select ${uploadId}, r.row_no, r.account_id, r.detail
      from jsonb_to_recordset(${JSON.stringify(rows.map((row) => ({ row_no: row.rowNo, account_id: row.accountId, detail: row.detail })))}::jsonb)
        as r(row_no int, account_id bigint, detail jsonb)`,
  );
}

/** One applied row of an allocation file: the account's assignee before and after (equal when it was unchanged). */
export type AllocationTrailRow = {
  rowNo: number;
  accountId: number;
  before: { userId: number | null; agencyId: number | null };
  after: { userId: number | null; agencyId: number | null };
  reason: string | null;
};

/**
 * The allocation file's trail, one row per applied file row, in one statement: the columns as array parameters read
 * by `unnest`, the detail built by the database (`{before, after, reason}`, and `unchanged: true` for a row whose
 * account was with the assignee already).
 */
export async function insertAllocationTrail(
  tx: Transaction,
  uploadId: number,
  rows: readonly AllocationTrailRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const reasons = [...new Set(rows.map((row) => row.reason))];
  const reasonIndex = new Map(reasons.map((reason, index) => [reason, index + 1]));
  const column = (pick: (row: AllocationTrailRow) => number | null) => integerArray(rows.map(pick));
  await tx.execute(
    sql`insert into collection_upload_rows (upload_id, row_no, account_id, detail)
      select ${uploadId}, r.n, r.a, jsonb_build_object(
          'before', jsonb_build_object('userId', r.bu, 'agencyId', r.bg),
          'after', jsonb_build_object('userId', r.u, 'agencyId', r.g),
          'reason', (${textArray(reasons)})[r.ri])
        || case when r.bu is not distinct from r.u and r.bg is not distinct from r.g
             then '{"unchanged": true}'::jsonb else '{}'::jsonb end
      from unnest(${column((row) => row.rowNo)}, ${bigintArray(rows.map((row) => row.accountId))},
          ${column((row) => row.before.userId)}, ${column((row) => row.before.agencyId)},
          ${column((row) => row.after.userId)}, ${column((row) => row.after.agencyId)},
          ${column((row) => reasonIndex.get(row.reason)!)}) as r(n, a, bu, bg, u, g, ri)`,
  );
}

function conditions(input: { unitPath: string; status?: string | undefined; type?: string | undefined }): SQL {
  const list = [sql`c.unit_path like ${likePrefix(input.unitPath)}`];
  if (input.status) list.push(sql`c.status = ${input.status}`);
  if (input.type) list.push(sql`c.type = ${input.type}`);
  return sql.join(list, sql` and `);
}

export async function listCollUploads(
  db: Executor,
  input: { unitPath: string; status?: string | undefined; type?: string | undefined; limit: number; offset: number },
): Promise<{ rows: CollUploadRow[]; count: number }> {
  const where = conditions(input);
  const [rows, [count]] = await Promise.all([
    selectRows<Raw>(
      db,
      sql`select ${SELECT} from ${FROM} where ${where} order by c.id desc limit ${input.limit} offset ${input.offset}`,
    ),
    selectRows<{ count: number }>(db, sql`select count(*)::int as count from collection_uploads c where ${where}`),
  ]);
  return { rows: rows.map(toRow), count: count?.count ?? 0 };
}

export async function findCollUpload(
  db: Executor,
  input: { uploadId?: number; jobId?: number; unitPath: string },
): Promise<CollUploadReply | null> {
  const key = input.uploadId !== undefined ? sql`c.id = ${input.uploadId}` : sql`c.job_id = ${input.jobId ?? 0}`;
  const [row] = await selectRows<Raw & { errors: CollUploadError[] }>(
    db,
    sql`select ${SELECT}, c.errors from ${FROM} where ${key} and c.unit_path like ${likePrefix(input.unitPath)}`,
  );
  return row ? { ...toRow(row), errors: row.errors } : null;
}

export type UploadAccount = {
  id: number;
  accountNo: string;
  isOnHold: boolean;
  allocatedUserId: number | null;
  allocatedAgencyId: number | null;
};

/** Accounts of the subtree by number (one bind parameter: an array of numbers). */
export async function findAccountsByNumber(
  db: Executor,
  input: { accountNos: readonly string[]; unitPath: string },
): Promise<UploadAccount[]> {
  if (input.accountNos.length === 0) return [];
  const rows = await selectRows<UploadAccount>(
    db,
    sql`select a.id, a.account_no as "accountNo", a.is_on_hold as "isOnHold",
        a.allocated_user_id as "allocatedUserId", a.allocated_agency_id as "allocatedAgencyId"
      from accounts a
      where a.account_no = any(${textArray(input.accountNos)})
        and a.unit_path like ${likePrefix(input.unitPath)}`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

// ---- File Download: the result files of DONE jobs

function jobScope(unitPath: string, includeSystem: boolean): SQL {
  const subtree = sql`j.unit_path like ${likePrefix(unitPath)}`;
  return includeSystem ? sql`(${subtree} or j.unit_path is null)` : subtree;
}

type RawDownload = Omit<DownloadRow, 'generatedAt' | 'expiresAt' | 'expired'> & { generatedAt: Date | string };

export async function listDownloads(
  db: Executor,
  input: {
    unitPath: string;
    includeSystem: boolean;
    notBefore: Date | null;
    limit: number;
    offset: number;
  },
): Promise<{ rows: (Omit<DownloadRow, 'expiresAt' | 'expired'> & { generatedAt: string })[]; count: number }> {
  const where = sql.join(
    [
      sql`j.status = 'DONE' and j.result_file_name is not null`,
      jobScope(input.unitPath, input.includeSystem),
      input.notBefore ? sql`j.finished_at >= ${input.notBefore.toISOString()}::timestamptz` : undefined,
    ].filter((part) => part !== undefined),
    sql` and `,
  );
  const [rows, [count]] = await Promise.all([
    selectRows<RawDownload>(
      db,
      sql`select j.id as "jobId", j.kind, j.result_file_name as "fileName", u.full_name as "generatedBy",
          un.unit_code as "unitCode", j.finished_at as "generatedAt"
        from jobs j left join users u on u.id = j.user_id left join units un on un.id = j.unit_id
        where ${where} order by j.finished_at desc, j.id desc limit ${input.limit} offset ${input.offset}`,
    ),
    selectRows<{ count: number }>(db, sql`select count(*)::int as count from jobs j where ${where}`),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, jobId: Number(row.jobId), generatedAt: isoTimestamp(row.generatedAt) })),
    count: count?.count ?? 0,
  };
}

export async function findDownloadFile(
  db: Executor,
  input: { jobId: number; unitPath: string; includeSystem: boolean; notBefore: Date },
): Promise<JobFileLocation | null> {
  const [row] = await selectRows<Parameters<typeof jobFileLocation>[0]>(
    db,
    sql`select j.result_file_name as "fileName", j.result_content_type as "contentType", ${JOB_FILE_COLUMNS}
      from jobs j
      where j.id = ${input.jobId} and j.status = 'DONE' and j.result_file_name is not null
        and j.finished_at >= ${input.notBefore.toISOString()}::timestamptz
        and ${jobScope(input.unitPath, input.includeSystem)}`,
  );
  return row ? jobFileLocation(row) : null;
}

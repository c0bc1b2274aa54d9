import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { uploadErrorSchema, uploadRowSchema } from '@recovery-desk/domain/legal/contracts.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor, Transaction } from '../../db/transaction.ts';
import { isoTimestamp, selectRows } from '../../db/sql-rows.ts';
import type { ClosedUpload, UploadRowOutcome } from '../../jobs/bulk-upload.ts';

// The upload dashboards of the workflow apps: one row per uploaded file with its counts and row errors, scoped by the
// uploader's unit and by the workflow definition it works on (legal, repossession, SARFAESI share the table). A record
// exists from the request on (PROCESSING) and counts each row in the row's own transaction.

export type UploadRow = Omit<z.infer<typeof uploadRowSchema>, 'kind'> & { kind: string; stageCode: string | null };
export type UploadError = z.infer<typeof uploadErrorSchema>;

const SELECT = sql`l.id as "uploadId", l.kind, l.stage_code as "stageCode", l.file_name as "fileName", l.status, l.total_rows as "totalRows",
  l.ok_rows as "okRows", l.failed_rows as "failedRows", l.job_id as "jobId", u.full_name as "uploadedBy", l.created_at as "createdAt"`;
const FROM = sql`legal_uploads l join users u on u.id = l.uploaded_by_user_id`;

type RawUpload = Omit<UploadRow, 'createdAt'> & { createdAt: Date | string };
const toRow = (raw: RawUpload): UploadRow => ({ ...raw, createdAt: isoTimestamp(raw.createdAt) });

/** The upload record of a queued upload job: PROCESSING, its total, no row counted yet (bulk-upload.ts). */
export async function insertUpload(
  tx: Transaction,
  input: {
    jobId: number;
    definitionCode: string;
    kind: string;
    stageCode: string | null;
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
    sql`insert into legal_uploads (job_id, definition_code, kind, stage_code, file_name, status, total_rows, ok_rows, failed_rows, errors,
        uploaded_by_user_id, unit_id, unit_path, created_at)
      values (${input.jobId}, ${input.definitionCode}, ${input.kind}, ${input.stageCode}, ${input.fileName}, 'PROCESSING', ${input.totalRows}, 0, 0, '[]'::jsonb,
        ${input.userId}, ${input.unitId}, ${input.unitPath}, ${input.at.toISOString()}::timestamptz)
      returning id`,
  );
  if (!row) throw new Error('upload insert failed');
  return Number(row.id);
}

/** Counts one row of the job's upload: applied, or failed with its errors (in the row's transaction). */
export async function countUploadRow(tx: Transaction, jobId: number, outcome: UploadRowOutcome): Promise<void> {
  await tx.execute(
    outcome.ok
      ? sql`update legal_uploads set ok_rows = ok_rows + 1 where job_id = ${jobId} and status = 'PROCESSING'`
      : sql`update legal_uploads set failed_rows = failed_rows + 1,
            errors = errors || ${JSON.stringify(outcome.errors)}::jsonb
          where job_id = ${jobId} and status = 'PROCESSING'`,
  );
}

/** Closes the job's PROCESSING upload: INTERRUPTED, or its final status from its counts; null when closed before. */
export async function closeUpload(
  tx: Transaction,
  jobId: number,
  input: { interrupted: boolean },
): Promise<ClosedUpload | null> {
  const [row] = await selectRows<ClosedUpload>(
    tx,
    sql`update legal_uploads set status = case
          when ${input.interrupted} then 'INTERRUPTED'
          when failed_rows = 0 then 'COMPLETED'
          when ok_rows = 0 then 'FAILED'
          else 'COMPLETED_WITH_ERRORS' end
      where job_id = ${jobId} and status = 'PROCESSING'
      returning id, status, total_rows as "totalRows", ok_rows as "okRows", failed_rows as "failedRows"`,
  );
  return row ? { ...row, id: Number(row.id) } : null;
}

export async function findUploadOfJob(db: Executor, jobId: number): Promise<number | null> {
  const [row] = await selectRows<{ id: number }>(db, sql`select id from legal_uploads where job_id = ${jobId}`);
  return row ? Number(row.id) : null;
}

export type UploadListInput = {
  definitionCode: string;
  unitPath: string;
  q?: string | undefined;
  status?: string | undefined;
};

function conditions(input: UploadListInput): SQL {
  const list = [sql`l.definition_code = ${input.definitionCode}`, sql`l.unit_path like ${likePrefix(input.unitPath)}`];
  if (input.q) list.push(sql`l.file_name ilike ${`%${input.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`}`);
  if (input.status) list.push(sql`l.status = ${input.status}`);
  return sql.join(list, sql` and `);
}

export async function listUploads(
  db: Executor,
  input: UploadListInput & { limit: number; offset: number },
): Promise<{ rows: UploadRow[]; count: number }> {
  const where = conditions(input);
  const [rows, [count]] = await Promise.all([
    selectRows<RawUpload>(
      db,
      sql`select ${SELECT} from ${FROM} where ${where} order by l.id desc limit ${input.limit} offset ${input.offset}`,
    ),
    selectRows<{ count: number }>(db, sql`select count(*)::int as count from legal_uploads l where ${where}`),
  ]);
  return { rows: rows.map(toRow), count: count?.count ?? 0 };
}

export async function findUpload(
  db: Executor,
  input: { definitionCode: string; uploadId: number; unitPath: string },
): Promise<(UploadRow & { errors: UploadError[] }) | undefined> {
  const [row] = await selectRows<RawUpload & { errors: UploadError[] }>(
    db,
    sql`select ${SELECT}, l.errors from ${FROM}
      where l.id = ${input.uploadId} and l.definition_code = ${input.definitionCode}
        and l.unit_path like ${likePrefix(input.unitPath)}`,
  );
  return row ? { ...toRow(row), errors: row.errors } : undefined;
}

import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { uploadErrorSchema, uploadRowSchema } from '@recovery-desk/domain/legal/contracts.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor, Transaction } from '../../db/transaction.ts';
import { isoTimestamp, selectRows } from '../../db/sql-rows.ts';

// The upload dashboard: one row per uploaded file with its counts and row errors, scoped by the uploader's unit.

export type UploadRow = z.infer<typeof uploadRowSchema>;
export type UploadError = z.infer<typeof uploadErrorSchema>;

const SELECT = sql`l.id as "uploadId", l.kind, l.file_name as "fileName", l.status, l.total_rows as "totalRows",
  l.ok_rows as "okRows", l.failed_rows as "failedRows", u.full_name as "uploadedBy", l.created_at as "createdAt"`;
const FROM = sql`legal_uploads l join users u on u.id = l.uploaded_by_user_id`;

type RawUpload = Omit<UploadRow, 'createdAt'> & { createdAt: Date | string };
const toRow = (raw: RawUpload): UploadRow => ({ ...raw, createdAt: isoTimestamp(raw.createdAt) });

export async function insertUpload(
  tx: Transaction,
  input: Omit<UploadRow, 'uploadId' | 'uploadedBy' | 'createdAt'> & {
    errors: UploadError[];
    userId: number;
    unitId: number;
    unitPath: string;
    at: Date;
  },
): Promise<number> {
  const [row] = await selectRows<{ id: number }>(
    tx,
    sql`insert into legal_uploads (kind, file_name, status, total_rows, ok_rows, failed_rows, errors,
        uploaded_by_user_id, unit_id, unit_path, created_at)
      values (${input.kind}, ${input.fileName}, ${input.status}, ${input.totalRows}, ${input.okRows},
        ${input.failedRows}, ${JSON.stringify(input.errors)}::jsonb, ${input.userId}, ${input.unitId},
        ${input.unitPath}, ${input.at.toISOString()}::timestamptz)
      returning id`,
  );
  if (!row) throw new Error('upload insert failed');
  return Number(row.id);
}

export type UploadListInput = { unitPath: string; q?: string | undefined; status?: string | undefined };

function conditions(input: UploadListInput): SQL {
  const list = [sql`l.unit_path like ${likePrefix(input.unitPath)}`];
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
  input: { uploadId: number; unitPath: string },
): Promise<(UploadRow & { errors: UploadError[] }) | undefined> {
  const [row] = await selectRows<RawUpload & { errors: UploadError[] }>(
    db,
    sql`select ${SELECT}, l.errors from ${FROM}
      where l.id = ${input.uploadId} and l.unit_path like ${likePrefix(input.unitPath)}`,
  );
  return row ? { ...toRow(row), errors: row.errors } : undefined;
}

import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { legalDocumentRowSchema } from '@recovery-desk/domain/legal/contracts.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { isoTimestamp, selectRows } from '../../db/sql-rows.ts';
import { LEGAL_CODE } from './legal-constants.ts';

// File Download: the documents of LEGAL cases in the acting unit's subtree (uploaded and generated).

export type LegalDocumentRow = z.infer<typeof legalDocumentRowSchema>;

/** The filter value that means "generated notices". */
export const NOTICE_FILTER = 'NOTICE';
/** Dates of the filter are the organisation's (India) calendar days. */
const CREATED_DAY = sql`(d.created_at at time zone 'Asia/Kolkata')::date`;

export type DocumentListInput = {
  unitPath: string;
  q?: string | undefined;
  code?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  caseStatus?: string | undefined;
};

function conditions(input: DocumentListInput): SQL {
  const list = [sql`k.definition_code = ${LEGAL_CODE}`, sql`k.unit_path like ${likePrefix(input.unitPath)}`];
  if (input.q) {
    const prefix = likePrefix(input.q);
    list.push(sql`(k.case_no ilike ${prefix} or a.account_no ilike ${prefix} or c.name ilike ${prefix})`);
  }
  if (input.code === NOTICE_FILTER) list.push(sql`d.is_generated and d.code = 'noticeCopy'`);
  else if (input.code) list.push(sql`d.code = ${input.code}`);
  if (input.from) list.push(sql`${CREATED_DAY} >= ${input.from}::date`);
  if (input.to) list.push(sql`${CREATED_DAY} <= ${input.to}::date`);
  if (input.caseStatus) list.push(sql`k.status = ${input.caseStatus}`);
  return sql.join(list, sql` and `);
}

const FROM = sql`case_documents d
  join cases k on k.id = d.case_id
  join accounts a on a.id = k.account_id
  join customers c on c.id = a.customer_id
  join users u on u.id = d.uploaded_by_user_id`;

type RawDocument = Omit<LegalDocumentRow, 'createdAt'> & { createdAt: Date | string };

export async function listLegalDocuments(
  db: Executor,
  input: DocumentListInput & { limit: number; offset: number },
): Promise<{ rows: LegalDocumentRow[]; count: number }> {
  const where = conditions(input);
  const [rows, [count]] = await Promise.all([
    selectRows<RawDocument>(
      db,
      sql`select d.id as "documentId", k.id as "caseId", k.case_no as "caseNo", a.account_no as "accountNo",
          c.name as "customerName", d.code, d.document_name as "documentName", d.file_name as "fileName",
          d.mime_type as "mimeType", d.size_bytes as "sizeBytes", d.is_generated as "isGenerated",
          u.full_name as "uploadedBy", d.created_at as "createdAt", k.status as "caseStatus"
        from ${FROM} where ${where}
        order by d.created_at desc, d.id desc limit ${input.limit} offset ${input.offset}`,
    ),
    selectRows<{ count: number }>(db, sql`select count(*)::int as count from ${FROM} where ${where}`),
  ]);
  return { rows: rows.map((row) => ({ ...row, createdAt: isoTimestamp(row.createdAt) })), count: count?.count ?? 0 };
}

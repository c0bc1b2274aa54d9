import { sql } from 'drizzle-orm';
import type { AccountMark } from '@recovery-desk/domain/collections/account-marks.ts';
import { isoTimestamp, isoTimestampOrNull, selectRows } from '../../db/sql-rows.ts';
import { bigintArray } from '../../db/sql-arrays.ts';
import type { Executor } from '../../db/transaction.ts';

/** Rows per page of the active marks list. */
export const PAGE_SIZE = 25;

type MarkRow = Omit<AccountMark, 'markedAt' | 'endedAt'> & { markedAt: Date | string; endedAt: Date | string | null };

const MARK_COLUMNS = sql`m.id, m.account_id as "accountId", a.account_no as "accountNo", c.name as "customerName",
  m.mark, m.reason, m.document_id as "documentId", m.marked_at as "markedAt", rq.full_name as "requestedBy",
  ap.full_name as "approvedBy", m.ended_at as "endedAt", en.full_name as "endedBy", m.end_reason as "endReason"`;

const MARK_FROM = sql`account_marks m join accounts a on a.id = m.account_id join customers c on c.id = a.customer_id
  left join users rq on rq.id = m.requested_by join users ap on ap.id = m.approved_by
  left join users en on en.id = m.ended_by`;

function toMark(row: MarkRow): AccountMark {
  return {
    ...row,
    id: Number(row.id),
    accountId: Number(row.accountId),
    documentId: row.documentId === null ? null : Number(row.documentId),
    markedAt: isoTimestamp(row.markedAt),
    endedAt: isoTimestampOrNull(row.endedAt),
  };
}

/** Every mark of an account, active first then ended, newest first: the account's history of marks. */
export async function listAccountMarks(db: Executor, accountId: number): Promise<AccountMark[]> {
  const rows = await selectRows<MarkRow>(
    db,
    sql`select ${MARK_COLUMNS} from ${MARK_FROM} where m.account_id = ${accountId}
      order by (m.ended_at is null) desc, m.id desc`,
  );
  return rows.map(toMark);
}

/** The active marks of a subtree, newest first, one page. */
export async function listActiveMarks(
  db: Executor,
  input: { unitPath: string; mark: string | undefined; page: number },
): Promise<{ rows: AccountMark[]; total: number; pageSize: number }> {
  const where = sql`m.ended_at is null and m.unit_path like ${`${input.unitPath}%`}
    ${input.mark ? sql`and m.mark = ${input.mark}` : sql``}`;
  const rows = await selectRows<MarkRow>(
    db,
    sql`select ${MARK_COLUMNS} from ${MARK_FROM} where ${where} order by m.id desc
      limit ${PAGE_SIZE} offset ${(input.page - 1) * PAGE_SIZE}`,
  );
  const [count] = await selectRows<{ total: number | string }>(
    db,
    sql`select count(*) as total from account_marks m where ${where}`,
  );
  return { rows: rows.map(toMark), total: Number(count?.total ?? 0), pageSize: PAGE_SIZE };
}

/** An account of the subtree by its number (undefined: none there). */
export async function findAccountByNumber(
  db: Executor,
  input: { accountNo: string; unitPath: string },
): Promise<{ id: number; accountNo: string; customerName: string } | undefined> {
  const [row] = await selectRows<{ id: number | string; accountNo: string; customerName: string }>(
    db,
    sql`select a.id, a.account_no as "accountNo", c.name as "customerName"
      from accounts a join customers c on c.id = a.customer_id
      where a.account_no = ${input.accountNo} and a.unit_path like ${`${input.unitPath}%`}`,
  );
  return row && { ...row, id: Number(row.id) };
}

/** The documents of an account (newest first), one of which may support a mark. */
export async function listAccountDocuments(
  db: Executor,
  accountId: number,
): Promise<{ id: number; documentName: string }[]> {
  const rows = await selectRows<{ id: number | string; documentName: string }>(
    db,
    sql`select id, document_name as "documentName" from documents where account_id = ${accountId} order by id desc
      limit 100`,
  );
  return rows.map((row) => ({ id: Number(row.id), documentName: row.documentName }));
}

/** The active marks of these accounts (account id → mark codes): what the trays, follow-ups and allocation ask. */
export async function activeMarksOf(db: Executor, accountIds: readonly number[]): Promise<Map<number, string[]>> {
  const marks = new Map<number, string[]>();
  if (accountIds.length === 0) return marks;
  const rows = await selectRows<{ accountId: number | string; mark: string }>(
    db,
    sql`select account_id as "accountId", mark from account_marks
      where ended_at is null and account_id = any(${bigintArray(accountIds)}) order by mark`,
  );
  for (const row of rows) {
    const id = Number(row.accountId);
    marks.set(id, [...(marks.get(id) ?? []), row.mark]);
  }
  return marks;
}

import { sql, type SQL } from 'drizzle-orm';
import {
  BOOK_MODES,
  GAP_LIST_MAX,
  type CancelReason,
  type ReceiptBookRow,
  type ReceiptMode,
  type ReceiptRow,
  type ReceiptSource,
  type ReceiptStatus,
} from '@recovery-desk/domain/receipts/contracts.ts';
import { minorToDecimal } from '@recovery-desk/domain/receipts/posting.ts';
import { selectRows } from '../../db/sql-rows.ts';
import type { Executor } from '../../db/transaction.ts';

// Reads of receipts for the screens: the lists (viewer and work lists), one row, the books and their gaps.

export type ReceiptFilters = {
  unitPath: string;
  statuses?: readonly ReceiptStatus[];
  status?: ReceiptStatus | undefined;
  mode?: ReceiptMode | undefined;
  kind?: 'book' | 'electronic' | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  accountId?: number;
  id?: number;
};

type RowDb = {
  id: string | number;
  receipt_no: string;
  book_no: string | null;
  account_id: string | number;
  account_no: string;
  customer_name: string;
  mode: ReceiptMode;
  amount_minor: string;
  currency: 'INR' | 'USD';
  received_on: string;
  received_by: string;
  received_unit: string;
  reference: string | null;
  status: ReceiptStatus;
  source: ReceiptSource;
  version: number;
  pending_flow: 'RECEIPT_VERIFICATION' | 'RECEIPT_CANCELLATION' | null;
  pending_by: string | null;
  pending_by_id: number | null;
  pending_payload: { reason?: CancelReason; remarks?: string } | null;
  pending_remarks: string | null;
};

const bookModes = sql.join(
  BOOK_MODES.map((mode) => sql`${mode}`),
  sql`, `,
);

function where(filters: ReceiptFilters): SQL {
  const parts: SQL[] = [sql`r.unit_path like ${`${filters.unitPath}%`}`];
  if (filters.id !== undefined) parts.push(sql`r.id = ${filters.id}`);
  if (filters.accountId !== undefined) parts.push(sql`r.account_id = ${filters.accountId}`);
  if (filters.statuses?.length) {
    parts.push(
      sql`r.status in (${sql.join(
        filters.statuses.map((status) => sql`${status}`),
        sql`, `,
      )})`,
    );
  }
  if (filters.status) parts.push(sql`r.status = ${filters.status}`);
  if (filters.mode) parts.push(sql`r.mode = ${filters.mode}`);
  if (filters.kind === 'book') parts.push(sql`r.mode in (${bookModes})`);
  if (filters.kind === 'electronic') parts.push(sql`r.mode not in (${bookModes})`);
  if (filters.from) parts.push(sql`r.received_on >= ${filters.from}::date`);
  if (filters.to) parts.push(sql`r.received_on <= ${filters.to}::date`);
  if (filters.q) {
    const prefix = `${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(r.receipt_no like ${prefix} or a.account_no like ${prefix} or r.reference like ${prefix})`);
  }
  return sql.join(parts, sql` and `);
}

const FROM = sql`from receipts r
  join accounts a on a.id = r.account_id
  join customers c on c.id = r.customer_id
  join users u on u.id = r.received_by_user_id
  join units un on un.id = r.received_unit_id
  left join receipt_books b on b.id = r.book_id
  left join lateral (
    select ar.flow_code, ar.maker_user_id, ar.payload, ar.remarks from approval_requests ar
    where ar.subject_type = 'RECEIPT' and ar.subject_id = r.id and ar.status = 'PENDING'
    order by ar.id desc limit 1
  ) pr on true
  left join users pu on pu.id = pr.maker_user_id`;

const COLUMNS = sql`r.id, r.receipt_no, b.book_no, r.account_id, a.account_no, c.name as customer_name, r.mode,
  r.amount_minor::text, r.currency, r.received_on::text, u.full_name as received_by, un.name as received_unit,
  r.reference, r.status, r.source, r.version, pr.flow_code as pending_flow, pu.full_name as pending_by,
  pr.maker_user_id as pending_by_id, pr.payload as pending_payload, pr.remarks as pending_remarks`;

function toRow(row: RowDb): ReceiptRow {
  const payload = row.pending_payload ?? {};
  return {
    id: Number(row.id),
    receiptNo: row.receipt_no,
    bookNo: row.book_no,
    accountId: Number(row.account_id),
    accountNo: row.account_no,
    customerName: row.customer_name,
    mode: row.mode,
    amount: minorToDecimal(BigInt(row.amount_minor)),
    currency: row.currency,
    receivedOn: row.received_on,
    receivedBy: row.received_by,
    receivedUnit: row.received_unit,
    reference: row.reference,
    status: row.status,
    source: row.source,
    version: row.version,
    pending: row.pending_flow
      ? {
          flow: row.pending_flow,
          requestedBy: row.pending_by,
          requestedByUserId: row.pending_by_id,
          reason: payload.reason ?? null,
          remarks: payload.remarks ?? row.pending_remarks,
        }
      : null,
  };
}

export async function countReceipts(db: Executor, filters: ReceiptFilters): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from receipts r join accounts a on a.id = r.account_id where ${where(filters)}`,
  );
  return Number(row?.n ?? 0);
}

/** Newest first. */
export async function listReceipts(
  db: Executor,
  filters: ReceiptFilters,
  page: { limit: number; offset: number },
): Promise<ReceiptRow[]> {
  const rows = await selectRows<RowDb>(
    db,
    sql`select ${COLUMNS} ${FROM} where ${where(filters)} order by r.id desc limit ${page.limit} offset ${page.offset}`,
  );
  return rows.map(toRow);
}

export async function findReceiptRow(db: Executor, id: number, unitPath: string): Promise<ReceiptRow | null> {
  const [row] = await listReceipts(db, { unitPath, id }, { limit: 1, offset: 0 });
  return row ?? null;
}

/** The books of the subtree with their used numbers and the unused numbers below the highest used (the gaps). */
export async function listReceiptBooks(db: Executor, unitPath: string): Promise<ReceiptBookRow[]> {
  const rows = await selectRows<{
    id: string | number;
    book_no: string;
    unit: string;
    issued_to: string | null;
    range_from: number;
    range_to: number;
    used: number;
    highest: number | null;
    gaps: number[] | null;
    gap_count: number;
  }>(
    db,
    sql`select b.id, b.book_no, un.name as unit, u.full_name as issued_to, b.range_from, b.range_to,
          coalesce(used.n, 0)::int as used, used.highest,
          (select array_agg(g order by g) from (
             select g from generate_series(b.range_from, coalesce(used.highest, b.range_from - 1)) g
             where not exists (select 1 from receipt_book_numbers n where n.book_id = b.id and n.number = g)
             order by g limit ${GAP_LIST_MAX}) gs) as gaps,
          (coalesce(used.highest - b.range_from + 1, 0) - coalesce(used.n, 0))::int as gap_count
        from receipt_books b
        join units un on un.id = b.unit_id
        left join users u on u.id = b.issued_to_user_id
        left join lateral (
          select count(*)::int as n, max(number) as highest from receipt_book_numbers n where n.book_id = b.id
        ) used on true
        where b.unit_path like ${`${unitPath}%`}
        order by b.book_no`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    bookNo: row.book_no,
    unit: row.unit,
    issuedTo: row.issued_to,
    rangeFrom: row.range_from,
    rangeTo: row.range_to,
    used: row.used,
    highestUsed: row.highest,
    gaps: (row.gaps ?? []).map(Number),
    gapCount: row.gap_count,
  }));
}

/** The active books the collector may write on (issued to them, or to their unit with no holder), next free number. */
export async function listCaptureBooks(db: Executor, input: { userId: number; unitId: number }) {
  const rows = await selectRows<{ book_no: string; range_from: number; range_to: number; next: number | null }>(
    db,
    sql`select b.book_no, b.range_from, b.range_to,
          (select min(g) from generate_series(b.range_from, b.range_to) g
           where not exists (select 1 from receipt_book_numbers n where n.book_id = b.id and n.number = g)
             and g > coalesce((select max(number) from receipt_book_numbers n where n.book_id = b.id), b.range_from - 1)
          ) as next
        from receipt_books b
        where b.status = 'ACTIVE'
          and (b.issued_to_user_id = ${input.userId} or (b.issued_to_user_id is null and b.unit_id = ${input.unitId}))
        order by b.book_no`,
  );
  return rows.map((row) => ({
    bookNo: row.book_no,
    rangeFrom: row.range_from,
    rangeTo: row.range_to,
    nextNumber: row.next === null ? null : Number(row.next),
  }));
}

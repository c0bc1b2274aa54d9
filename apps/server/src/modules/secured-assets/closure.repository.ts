import { eq, sql } from 'drizzle-orm';
import { securedClosures } from '@recovery-desk/db/secured-assets-schema.ts';
import type { RefundStatus } from '@recovery-desk/domain/secured-assets/closure.ts';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';

// Closures of repossession and SARFAESI cases (secured_closures, migration 0033): one row per closed case.

export type ClosureRecord = {
  caseId: number;
  accountId: number;
  closureType: string;
  currency: string;
  outstandingMinor: bigint;
  proceedsMinor: bigint;
  expensesMinor: bigint;
  appliedMinor: bigint;
  waivedMinor: bigint;
  waiverId: number | null;
  shortfallMinor: bigint;
  surplusMinor: bigint;
  receiptId: number | null;
  receiptNo: string | null;
  refundStatus: RefundStatus;
  refundPaidOn: string | null;
  refundReference: string | null;
  closedOn: string;
};

export async function insertClosure(
  db: Executor,
  values: Omit<ClosureRecord, 'receiptNo' | 'refundPaidOn' | 'refundReference'> & {
    closedByUserId: number;
    actingUnitId: number;
    at: Date;
  },
): Promise<void> {
  await db.insert(securedClosures).values({
    caseId: values.caseId,
    accountId: values.accountId,
    closureType: values.closureType,
    currency: values.currency,
    outstandingMinor: values.outstandingMinor,
    proceedsMinor: values.proceedsMinor,
    expensesMinor: values.expensesMinor,
    appliedMinor: values.appliedMinor,
    waivedMinor: values.waivedMinor,
    waiverId: values.waiverId,
    shortfallMinor: values.shortfallMinor,
    surplusMinor: values.surplusMinor,
    receiptId: values.receiptId,
    refundStatus: values.refundStatus,
    closedOn: values.closedOn,
    closedByUserId: values.closedByUserId,
    actingUnitId: values.actingUnitId,
    createdAt: values.at,
  });
}

type ClosureRow = {
  case_id: string;
  account_id: string;
  closure_type: string;
  currency: string;
  outstanding_minor: string;
  proceeds_minor: string;
  expenses_minor: string;
  applied_minor: string;
  waived_minor: string;
  waiver_id: string | null;
  shortfall_minor: string;
  surplus_minor: string;
  receipt_id: string | null;
  receipt_no: string | null;
  refund_status: RefundStatus;
  refund_paid_on: string | null;
  refund_reference: string | null;
  closed_on: string;
};

/** The case's closure; `forUpdate` locks the row (recording the refund). */
export async function findClosure(
  db: Executor,
  caseId: number,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<ClosureRecord | undefined> {
  const [row] = await selectRows<ClosureRow>(
    db,
    sql`select c.case_id::text, c.account_id::text, c.closure_type, c.currency, c.outstanding_minor::text,
          c.proceeds_minor::text, c.expenses_minor::text, c.applied_minor::text, c.waived_minor::text, c.waiver_id::text, c.shortfall_minor::text,
          c.surplus_minor::text, c.receipt_id::text, r.receipt_no, c.refund_status, c.refund_paid_on::text,
          c.refund_reference, c.closed_on::text
        from secured_closures c left join receipts r on r.id = c.receipt_id
        where c.case_id = ${caseId} ${forUpdate ? sql`for update of c` : sql``}`,
  );
  if (!row) return undefined;
  return {
    caseId: Number(row.case_id),
    accountId: Number(row.account_id),
    closureType: row.closure_type,
    currency: row.currency,
    outstandingMinor: BigInt(row.outstanding_minor),
    proceedsMinor: BigInt(row.proceeds_minor),
    expensesMinor: BigInt(row.expenses_minor),
    appliedMinor: BigInt(row.applied_minor),
    waivedMinor: BigInt(row.waived_minor),
    waiverId: row.waiver_id === null ? null : Number(row.waiver_id),
    shortfallMinor: BigInt(row.shortfall_minor),
    surplusMinor: BigInt(row.surplus_minor),
    receiptId: row.receipt_id === null ? null : Number(row.receipt_id),
    receiptNo: row.receipt_no,
    refundStatus: row.refund_status,
    refundPaidOn: row.refund_paid_on,
    refundReference: row.refund_reference,
    closedOn: row.closed_on,
  };
}

export async function markRefundPaid(
  db: Executor,
  values: { caseId: number; paidOn: string; reference: string; userId: number },
): Promise<void> {
  await db
    .update(securedClosures)
    .set({
      refundStatus: 'PAID',
      refundPaidOn: values.paidOn,
      refundReference: values.reference,
      refundRecordedByUserId: values.userId,
    })
    .where(eq(securedClosures.caseId, values.caseId));
}

/** The account's whole outstanding in minor units: principal, interest and every charge (locked for the posting). */
export async function accountOutstanding(
  db: Executor,
  accountId: number,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<{ outstandingMinor: bigint; currency: string }> {
  const [row] = await selectRows<{ minor: string; currency: string }>(
    db,
    sql`select ((total_principal_outstanding + total_interest_outstanding + other_charges + overdue_charges
            + bounce_charges) * 100)::bigint::text as minor, currency
        from accounts where id = ${accountId} ${forUpdate ? sql`for update` : sql``}`,
  );
  if (!row) throw new Error(`account ${accountId} not found`);
  return { outstandingMinor: BigInt(row.minor), currency: row.currency };
}

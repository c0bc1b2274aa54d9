import { sql } from 'drizzle-orm';
import type { ReceiptMode, ReceiptSource, ReceiptStatus } from '@recovery-desk/domain/receipts/contracts.ts';
import { isoTimestamp, isoTimestampOrNull, selectRows } from '../../db/sql-rows.ts';
import type { Executor } from '../../db/transaction.ts';

/** A receipt as the posting functions return it (amounts in minor units). */
export type Receipt = {
  id: number;
  receiptNo: string;
  bookId: number | null;
  bookNumber: number | null;
  accountId: number;
  customerId: number;
  unitPath: string;
  branchUnitId: number;
  mode: ReceiptMode;
  amountMinor: bigint;
  currency: 'INR' | 'USD';
  receivedOn: string;
  receivedByUserId: number;
  receivedUnitId: number;
  reference: string | null;
  instrument: Record<string, unknown>;
  status: ReceiptStatus;
  verifiedByUserId: number | null;
  verifiedAt: string | null;
  chargesMinor: bigint;
  interestMinor: bigint;
  principalMinor: bigint;
  posting: unknown;
  source: ReceiptSource;
  sourceRef: string | null;
  paymentId: number | null;
  reversalPaymentId: number | null;
  cancelReasonCode: string | null;
  cancelRemarks: string | null;
  cancelledAt: string | null;
  version: number;
  createdAt: string;
};

type ReceiptDbRow = {
  id: string | number;
  receipt_no: string;
  book_id: string | number | null;
  book_number: number | null;
  account_id: string | number;
  customer_id: string | number;
  unit_path: string;
  branch_unit_id: number;
  mode: ReceiptMode;
  amount_minor: string;
  currency: 'INR' | 'USD';
  received_on: string;
  received_by_user_id: number;
  received_unit_id: number;
  reference: string | null;
  instrument: Record<string, unknown>;
  status: ReceiptStatus;
  verified_by_user_id: number | null;
  verified_at: Date | string | null;
  charges_minor: string;
  interest_minor: string;
  principal_minor: string;
  posting: unknown;
  source: ReceiptSource;
  source_ref: string | null;
  payment_id: string | number | null;
  reversal_payment_id: string | number | null;
  cancel_reason_code: string | null;
  cancel_remarks: string | null;
  cancelled_at: Date | string | null;
  version: number;
  created_at: Date | string;
};

const num = (value: string | number | null) => (value === null ? null : Number(value));

export function toReceipt(row: ReceiptDbRow): Receipt {
  return {
    id: Number(row.id),
    receiptNo: row.receipt_no,
    bookId: num(row.book_id),
    bookNumber: row.book_number,
    accountId: Number(row.account_id),
    customerId: Number(row.customer_id),
    unitPath: row.unit_path,
    branchUnitId: row.branch_unit_id,
    mode: row.mode,
    amountMinor: BigInt(row.amount_minor),
    currency: row.currency,
    receivedOn: row.received_on,
    receivedByUserId: row.received_by_user_id,
    receivedUnitId: row.received_unit_id,
    reference: row.reference,
    instrument: row.instrument,
    status: row.status,
    verifiedByUserId: row.verified_by_user_id,
    verifiedAt: isoTimestampOrNull(row.verified_at),
    chargesMinor: BigInt(row.charges_minor),
    interestMinor: BigInt(row.interest_minor),
    principalMinor: BigInt(row.principal_minor),
    posting: row.posting,
    source: row.source,
    sourceRef: row.source_ref,
    paymentId: num(row.payment_id),
    reversalPaymentId: num(row.reversal_payment_id),
    cancelReasonCode: row.cancel_reason_code,
    cancelRemarks: row.cancel_remarks,
    cancelledAt: isoTimestampOrNull(row.cancelled_at),
    version: row.version,
    createdAt: isoTimestamp(row.created_at),
  };
}

const COLUMNS = sql`id, receipt_no, book_id, book_number, account_id, customer_id, unit_path, branch_unit_id, mode,
  amount_minor::text, currency, received_on::text, received_by_user_id, received_unit_id, reference, instrument, status,
  verified_by_user_id, verified_at, charges_minor::text, interest_minor::text, principal_minor::text, posting, source,
  source_ref, payment_id, reversal_payment_id, cancel_reason_code, cancel_remarks, cancelled_at, version, created_at`;

export async function findReceipt(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<Receipt | null> {
  const [row] = await selectRows<ReceiptDbRow>(
    db,
    sql`select ${COLUMNS} from receipts where id = ${id} ${options.lock ? sql`for update` : sql``}`,
  );
  return row ? toReceipt(row) : null;
}

/** A receipt of the unit subtree `unitPath` (another unit's receipt is not found). */
export async function findReceiptInScope(
  db: Executor,
  id: number,
  unitPath: string,
  options: { lock?: boolean } = {},
): Promise<Receipt | null> {
  const [row] = await selectRows<ReceiptDbRow>(
    db,
    sql`select ${COLUMNS} from receipts where id = ${id} and unit_path like ${`${unitPath}%`}
        ${options.lock ? sql`for update` : sql``}`,
  );
  return row ? toReceipt(row) : null;
}

/**
 * The deposit batch that holds a receipt while it waits for approval (live and INITIATED), if any. The batch tables
 * belong to the payments module, which builds on this one; receipts read them here only to refuse a cancellation
 * that would leave a cancelled receipt inside a deposit not yet approved.
 */
export async function findPendingBatchOfReceipt(db: Executor, receiptId: number): Promise<string | undefined> {
  const [row] = await selectRows<{ batch_no: string }>(
    db,
    sql`select b.batch_no from payment_batch_receipts r join payment_batches b on b.id = r.batch_id
        where r.receipt_id = ${receiptId} and r.live and b.status = 'INITIATED'`,
  );
  return row?.batch_no;
}

import { sql } from 'drizzle-orm';
import { assetClassOf, bucketOf, computeDpd } from '@recovery-desk/domain/collections/dpd.ts';
import { DEFAULT_PTP_POLICY } from '@recovery-desk/domain/collections/ptp-policy.ts';
import { toCents } from '@recovery-desk/domain/money.ts';
import { BOOK_MODES, type ReceiptMode, type ReceiptSource } from '@recovery-desk/domain/receipts/contracts.ts';
import {
  allocateReceipt,
  applyToDues,
  breaches269ST,
  DEFAULT_POSTING_ORDER,
  minorToDecimal,
  PostingError,
  type Allocation,
  type DueApplication,
  type PostingComponent,
} from '@recovery-desk/domain/receipts/posting.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import type { Executor, Transaction } from '../../../db/transaction.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { RequestContext } from '../../../http/request-context.ts';
import { requestApprovalInTx } from '../../approvals/index.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { RECEIPT_VERIFICATION_HANDLER } from '../approval-handlers.ts';
import { findReceipt, type Receipt } from '../receipts.repository.ts';

export type { Receipt } from '../receipts.repository.ts';

/** The mode's own fields, kept on the receipt as they were captured. */
export type ReceiptInstrument = {
  /** cheque or DD number */
  instrumentNo?: string | null;
  bankName?: string | null;
  micr?: string | null;
  instrumentDate?: string | null;
  /** cash: notes and coins counted (rupees × count) */
  denominations?: { note: number; count: number }[] | null;
  remarks?: string | null;
  /** UPI collect: the payer's VPA */
  vpa?: string | null;
};

export type PostReceiptInput = {
  accountId: number;
  mode: ReceiptMode;
  amountMinor: bigint;
  currency: 'INR' | 'USD';
  /** UTR, cheque number, UPI RRN */
  reference?: string | null;
  instrument?: ReceiptInstrument;
  receivedByUserId: number;
  receivedUnitId: number;
  source: ReceiptSource;
  /** e.g. the UPI collect request id: a source reference becomes a receipt at most once */
  sourceRef?: string | null;
  /** manual receipt book and number (cash, cheque and DD captured by hand) */
  bookNo?: string | null;
  receiptNo?: string | number | null;
};

export type PostReceiptOptions = {
  /** the order charges, interest and principal are paid in (server config RECEIPT_POSTING_ORDER) */
  postingOrder?: readonly PostingComponent[];
  /** when it happened (the app clock); default now */
  at?: Date;
};

/** What a posting changed, stored on the receipt so the reversal undoes exactly that. */
export type PostingRecord = {
  businessDate: string;
  allocation: Record<keyof Allocation, string>;
  dues: DueApplication[];
  /** how much total_due_amount (the overdue) went down */
  overdueReduction: string;
  ptps: { id: number; status: string; amountPaid: string; resolvedOn: string | null }[];
};

type AccountRow = {
  id: number;
  customer_id: number;
  unit_id: number;
  unit_path: string;
  currency: string;
  bounce_charges: string;
  overdue_charges: string;
  other_charges: string;
  total_interest_outstanding: string;
  total_principal_outstanding: string;
  total_due_amount: string;
};

type DueRow = { id: number; due_date: string; amount_due: string; amount_paid: string; paid_date: string | null };

const ELECTRONIC_PREFIX = 'E';

/** Locks the account row for the posting (one posting at a time per account). */
async function lockAccount(tx: Executor, accountId: number): Promise<AccountRow> {
  const [account] = await selectRows<AccountRow>(
    tx,
    sql`select id, customer_id, unit_id, unit_path, currency, bounce_charges::text, overdue_charges::text,
          other_charges::text, total_interest_outstanding::text, total_principal_outstanding::text,
          total_due_amount::text
        from accounts where id = ${accountId} for update`,
  );
  if (!account) throw new AppError('NOT_FOUND', 'Account not found');
  return { ...account, id: Number(account.id), customer_id: Number(account.customer_id) };
}

/**
 * Recomputes overdue since date, bucket, asset class and the delinquent flag of ONE account (dpd.ts rules); DPD
 * derives from the overdue since date (migration 0029), returned for the reply.
 */
export async function recomputeAccountDelinquency(tx: Executor, accountId: number, businessDate: string) {
  const [oldest] = await selectRows<{ due: string | null }>(
    tx,
    sql`select min(due_date)::text as due from dues
        where account_id = ${accountId} and amount_paid < amount_due and due_date <= ${businessDate}::date`,
  );
  const due = oldest?.due ?? null;
  const dpd = computeDpd(businessDate, due);
  await tx.execute(sql`
    update accounts set oldest_unpaid_due_date = ${due}::date, bucket = ${bucketOf(dpd)},
      asset_class = ${assetClassOf(dpd)}, delinquent_flag = ${dpd > 0}, updated_at = now()
    where id = ${accountId}`);
  return { dpd, bucket: bucketOf(dpd) };
}

/**
 * Resolves the account's open and partial promises against the payments since each was captured (the day start's
 * rule, packages/domain ptp-policy): paid ≥ promised → KEPT; something paid → PARTIAL. Promises whose grace
 * has ended are the day start's. Returns each changed promise's state before, for the reversal.
 */
async function resolvePromises(tx: Executor, accountId: number, businessDate: string) {
  const grace = DEFAULT_PTP_POLICY.graceDays;
  return selectRows<{ id: number; status: string; amount_paid: string; resolved_on: string | null }>(
    tx,
    sql`with decided as (
        select p.id, p.status as old_status, p.amount_paid as old_paid, p.resolved_on as old_resolved,
          paid.amount,
          case when paid.amount >= p.promised_amount then 'KEPT' when paid.amount > 0 then 'PARTIAL' else p.status end
            as status
        from ptps p
        left join follow_ups f on f.id = p.follow_up_id
        cross join lateral (
          select coalesce(sum(pay.amount), 0) as amount from payments pay
          where pay.account_id = p.account_id
            and pay.paid_on >= coalesce(f.business_date, p.created_at::date)
            and pay.paid_on <= p.promised_date + ${grace}::int
        ) paid
        where p.account_id = ${accountId} and p.status in ('OPEN', 'PARTIAL')
          and ${businessDate}::date <= p.promised_date + ${grace}::int
      ), changed as (
        update ptps p set status = d.status, amount_paid = d.amount,
          resolved_on = case when d.status = 'KEPT' then ${businessDate}::date else p.resolved_on end,
          version = p.version + 1
        from decided d
        where p.id = d.id and (d.status <> d.old_status or d.amount <> d.old_paid)
        returning p.id
      )
      select d.id, d.old_status as status, d.old_paid::text as amount_paid, d.old_resolved::text as resolved_on
      from decided d join changed c on c.id = d.id`,
  );
}

async function nextReceiptId(tx: Executor): Promise<number> {
  const [row] = await selectRows<{ id: string }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('receipts', 'id'))::text as id`,
  );
  return Number(row!.id);
}

/** Takes a number of a receipt book issued to the collector or their unit; a number is used once, ever. */
async function takeBookNumber(
  tx: Executor,
  input: PostReceiptInput,
  receiptId: number,
): Promise<{ bookId: number; number: number; receiptNo: string }> {
  const bookNo = input.bookNo?.trim();
  if (!bookNo) throw validationError('bookNo', 'is required');
  const number = Number(input.receiptNo);
  if (input.receiptNo === null || input.receiptNo === undefined || !Number.isInteger(number) || number <= 0) {
    throw validationError('receiptNo', 'is required');
  }
  const [book] = await selectRows<{
    id: number;
    unit_id: number;
    issued_to_user_id: number | null;
    range_from: number;
    range_to: number;
    status: string;
  }>(
    tx,
    sql`select id, unit_id, issued_to_user_id, range_from, range_to, status from receipt_books where book_no = ${bookNo}`,
  );
  const issuedToCaller =
    book &&
    (book.issued_to_user_id === input.receivedByUserId ||
      (book.issued_to_user_id === null && book.unit_id === input.receivedUnitId));
  if (!book || !issuedToCaller) throw validationError('bookNo', 'is not a receipt book issued to you or your unit');
  if (book.status !== 'ACTIVE') throw validationError('bookNo', 'is closed');
  if (number < book.range_from || number > book.range_to) {
    throw validationError('receiptNo', `must be from ${book.range_from} to ${book.range_to} in book ${bookNo}`);
  }
  const taken = await selectRows<{ number: number }>(
    tx,
    sql`insert into receipt_book_numbers (book_id, number, receipt_id) values (${book.id}, ${number}, ${receiptId})
        on conflict do nothing returning number`,
  );
  if (taken.length === 0) throw validationError('receiptNo', `${number} of book ${bookNo} was already used`);
  return { bookId: Number(book.id), number, receiptNo: `${bookNo}-${String(number).padStart(6, '0')}` };
}

/**
 * Posts a receipt inside the caller's transaction (the contract of issue 13, docs/architecture.md "Receipts"):
 * validates, allocates the receipt number, applies the amount to charges → interest → principal (configurable
 * order) and to the dues oldest first, recomputes the account's overdue, DPD, bucket and asset class for the
 * business date, resolves its promises, inserts one `payments` row and the audit row. The account must already be
 * in the caller's scope. A source reference (a UPI collect request) that already has a receipt returns that receipt.
 * The receipt waits for verification by another user: a RECEIPT_VERIFICATION request of the approval kit, opened here.
 */
export async function postReceiptInTx(
  tx: Transaction,
  input: PostReceiptInput,
  ctx: RequestContext,
  options: PostReceiptOptions = {},
): Promise<Receipt> {
  if (input.amountMinor <= 0n) throw validationError('amount', 'must be more than zero');
  if (input.amountMinor > 99_999_999_999_999_99n) throw validationError('amount', 'is too large');

  if (input.sourceRef) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`receipt-source:${input.source}:${input.sourceRef}`}, 0))`,
    );
    const [existing] = await selectRows<{ id: number }>(
      tx,
      sql`select id from receipts where source = ${input.source} and source_ref = ${input.sourceRef}`,
    );
    if (existing) return (await findReceipt(tx, Number(existing.id)))!;
  }

  const account = await lockAccount(tx, input.accountId);
  if (account.currency !== input.currency) {
    throw validationError('currency', `must be the account's currency (${account.currency})`);
  }
  const businessDate = await requireBusinessDate(tx);

  if (input.mode === 'CASH' && input.currency === 'INR') {
    // one payer's cash of the day is counted across their accounts: serialise that payer's cash receipts
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`receipt-cash:${account.customer_id}`}, 0))`);
    const [cash] = await selectRows<{ total: string }>(
      tx,
      sql`select coalesce(sum(amount_minor), 0)::text as total from receipts
          where customer_id = ${account.customer_id} and received_on = ${businessDate}::date and mode = 'CASH'
            and currency = 'INR' and status <> 'CANCELLED'`,
    );
    const other = BigInt(cash?.total ?? '0');
    if (breaches269ST(input.amountMinor, other)) {
      throw validationError(
        'amount',
        other > 0n
          ? `Cash of ₹2,00,000 or more from one person in a day is refused (Income-tax Act §269ST): this customer already paid ₹${minorToDecimal(other)} in cash today.`
          : 'Cash of ₹2,00,000 or more from one person in a day is refused (Income-tax Act §269ST). Take a cheque, DD or transfer.',
      );
    }
  }

  let allocation: Allocation;
  try {
    allocation = allocateReceipt(
      input.amountMinor,
      {
        bounceCharges: toCents(account.bounce_charges),
        overdueCharges: toCents(account.overdue_charges),
        otherCharges: toCents(account.other_charges),
        interest: toCents(account.total_interest_outstanding),
        principal: toCents(account.total_principal_outstanding),
      },
      options.postingOrder ?? DEFAULT_POSTING_ORDER,
    );
  } catch (error) {
    if (error instanceof PostingError) throw validationError('amount', error.message);
    throw error;
  }

  const receiptId = await nextReceiptId(tx);
  const manual = input.source === 'MANUAL' && BOOK_MODES.includes(input.mode);
  let bookId: number | null = null;
  let bookNumber: number | null = null;
  let receiptNo: string;
  if (manual || input.bookNo) {
    const taken = await takeBookNumber(tx, input, receiptId);
    bookId = taken.bookId;
    bookNumber = taken.number;
    receiptNo = taken.receiptNo;
  } else {
    const [row] = await selectRows<{ n: string }>(tx, sql`select nextval('receipt_system_no_seq')::text as n`);
    receiptNo = `${ELECTRONIC_PREFIX}${row!.n.padStart(10, '0')}`;
  }

  // dues, oldest first
  const dueRows = await selectRows<DueRow>(
    tx,
    sql`select id, due_date::text, amount_due::text, amount_paid::text, paid_date::text from dues
        where account_id = ${input.accountId} order by due_date, id`,
  );
  const applied = applyToDues(
    input.amountMinor,
    dueRows.map((due) => ({
      id: Number(due.id),
      dueDate: due.due_date,
      amountDue: toCents(due.amount_due),
      amountPaid: toCents(due.amount_paid),
      paidDate: due.paid_date,
    })),
    businessDate,
  );
  for (const application of applied.applications) {
    await tx.execute(sql`
      update dues set amount_paid = amount_paid + ${minorToDecimal(BigInt(application.appliedMinor))}::numeric,
        paid_date = ${application.paidDateAfter}::date
      where id = ${application.dueId}`);
  }

  const totalDue = toCents(account.total_due_amount);
  const overdueReduction = totalDue <= 0n ? 0n : input.amountMinor < totalDue ? input.amountMinor : totalDue;
  await tx.execute(sql`
    update accounts set
      bounce_charges = bounce_charges - ${minorToDecimal(allocation.bounceCharges)}::numeric,
      overdue_charges = overdue_charges - ${minorToDecimal(allocation.overdueCharges)}::numeric,
      other_charges = other_charges - ${minorToDecimal(allocation.otherCharges)}::numeric,
      total_interest_outstanding = total_interest_outstanding - ${minorToDecimal(allocation.interest)}::numeric,
      total_principal_outstanding = total_principal_outstanding - ${minorToDecimal(allocation.principal)}::numeric,
      total_due_amount = total_due_amount - ${minorToDecimal(overdueReduction)}::numeric,
      version = version + 1, updated_at = now()
    where id = ${input.accountId}`);
  const delinquency = await recomputeAccountDelinquency(tx, input.accountId, businessDate);

  const reference = input.reference?.trim() || input.instrument?.instrumentNo || null;
  const [payment] = await selectRows<{ id: string }>(
    tx,
    sql`insert into payments (account_id, paid_on, amount, currency, mode, reference)
        values (${input.accountId}, ${businessDate}::date, ${minorToDecimal(input.amountMinor)}::numeric,
          ${input.currency}, ${input.mode}, ${reference ?? receiptNo})
        returning id::text`,
  );
  const promises = await resolvePromises(tx, input.accountId, businessDate);

  const posting: PostingRecord = {
    businessDate,
    allocation: {
      charges: allocation.charges.toString(),
      interest: allocation.interest.toString(),
      principal: allocation.principal.toString(),
      bounceCharges: allocation.bounceCharges.toString(),
      overdueCharges: allocation.overdueCharges.toString(),
      otherCharges: allocation.otherCharges.toString(),
    },
    dues: applied.applications,
    overdueReduction: overdueReduction.toString(),
    ptps: promises.map((p) => ({
      id: Number(p.id),
      status: p.status,
      amountPaid: p.amount_paid,
      resolvedOn: p.resolved_on,
    })),
  };

  await tx.execute(sql`
    insert into receipts (id, receipt_no, book_id, book_number, account_id, customer_id, unit_path, branch_unit_id,
      mode, amount_minor, currency, received_on, received_by_user_id, received_unit_id, reference, instrument, status,
      charges_minor, interest_minor, principal_minor, posting, source, source_ref, payment_id)
    values (${receiptId}, ${receiptNo}, ${bookId}, ${bookNumber}, ${input.accountId}, ${account.customer_id},
      ${account.unit_path}, ${account.unit_id}, ${input.mode}, ${input.amountMinor.toString()}::bigint, ${input.currency},
      ${businessDate}::date, ${input.receivedByUserId}, ${input.receivedUnitId}, ${reference},
      ${JSON.stringify(input.instrument ?? {})}::jsonb, 'PENDING_VERIFICATION',
      ${allocation.charges.toString()}::bigint, ${allocation.interest.toString()}::bigint,
      ${allocation.principal.toString()}::bigint, ${JSON.stringify(posting)}::jsonb, ${input.source},
      ${input.sourceRef ?? null}, ${Number(payment!.id)})`);

  await emitAudit(tx, ctx, {
    action: 'receipts.post',
    entity: 'receipt',
    entityId: receiptId,
    after: {
      receiptNo,
      accountId: input.accountId,
      mode: input.mode,
      amount: minorToDecimal(input.amountMinor),
      currency: input.currency,
      source: input.source,
      split: {
        charges: minorToDecimal(allocation.charges),
        interest: minorToDecimal(allocation.interest),
        principal: minorToDecimal(allocation.principal),
      },
      dpd: delinquency.dpd,
      bucket: delinquency.bucket,
      ptps: posting.ptps.map((p) => p.id),
    },
  });
  // another user verifies it (the approval kit; the collector who received it is the maker)
  await requestApprovalInTx(tx, ctx, RECEIPT_VERIFICATION_HANDLER as never, {
    subjectId: receiptId,
    unitPath: account.unit_path,
    maker: { userId: input.receivedByUserId, unitId: input.receivedUnitId },
    amount: minorToDecimal(input.amountMinor),
    currency: input.currency,
    payload: { receiptNo, accountId: input.accountId, mode: input.mode },
    at: options.at ?? new Date(),
  });
  return (await findReceipt(tx, receiptId))!;
}

import { sql } from 'drizzle-orm';
import {
  BOOK_MODES,
  INSTRUMENT_MODES,
  decimalToMinor,
  type CaptureAccount,
  type CaptureReceiptBody,
  type ReceiptDetail,
  type ReceiptListPage,
  type ReceiptListQuery,
  type ReceiptRow,
  type ReceiptStatus,
} from '@recovery-desk/domain/receipts/contracts.ts';
import { minorToDecimal } from '@recovery-desk/domain/receipts/posting.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { isoTimestamp, selectRows } from '../../../db/sql-rows.ts';
import { withTransaction, type Executor, type Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { decideApproval, requestApprovalInTx } from '../../approvals/index.ts';
import { RECEIPT_CANCELLATION_HANDLER, RECEIPT_VERIFICATION_HANDLER } from '../approval-handlers.ts';
import {
  countReceipts,
  findReceiptRow,
  listCaptureBooks,
  listReceiptBooks,
  listReceipts,
  type ReceiptFilters,
} from '../receipt-lists.repository.ts';
import { findPendingBatchOfReceipt, findReceiptInScope } from '../receipts.repository.ts';
import { postReceiptInTx } from './post-receipt.ts';

const NOT_FOUND = 'Receipt not found';

/** The receipt lists of the screens, each a fixed status set over the acting unit's subtree. */
export const RECEIPT_LISTS = {
  viewer: { statuses: [] as ReceiptStatus[] },
  verification: { statuses: ['PENDING_VERIFICATION'] as ReceiptStatus[] },
  cancellation: { statuses: ['VERIFIED', 'CANCEL_REQUESTED'] as ReceiptStatus[] },
  cancelApproval: { statuses: ['CANCEL_REQUESTED'] as ReceiptStatus[] },
} as const;
export type ReceiptListName = keyof typeof RECEIPT_LISTS;

function filtersOf(ctx: UnitContext, list: ReceiptListName, query: Omit<ReceiptListQuery, 'page' | 'pageSize'>) {
  const filters: ReceiptFilters = {
    unitPath: ctx.actingUnit.path,
    statuses: RECEIPT_LISTS[list].statuses,
    status: query.status,
    mode: query.mode,
    kind: query.kind,
    from: query.from,
    to: query.to,
    q: query.q,
  };
  return filters;
}

export async function listReceiptPage(
  deps: AppDeps,
  { ctx, list, query }: { ctx: UnitContext; list: ReceiptListName; query: ReceiptListQuery },
): Promise<ReceiptListPage> {
  const filters = filtersOf(ctx, list, query);
  const [count, rows] = await Promise.all([
    countReceipts(deps.db, filters),
    listReceipts(deps.db, filters, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
  ]);
  return { rows, count, page: query.page, pageSize: query.pageSize };
}

export async function listAccountReceipts(
  deps: AppDeps,
  { ctx, accountId }: { ctx: UnitContext; accountId: number },
): Promise<ReceiptListPage> {
  const [account] = await selectRows<{ id: number }>(
    deps.db,
    sql`select id from accounts where id = ${accountId} and unit_path like ${`${ctx.actingUnit.path}%`}`,
  );
  if (!account) throw new AppError('NOT_FOUND', 'Account not found');
  const rows = await listReceipts(deps.db, { unitPath: ctx.actingUnit.path, accountId }, { limit: 100, offset: 0 });
  return { rows, count: rows.length, page: 1, pageSize: 100 };
}

async function requireRow(db: Executor, ctx: UnitContext, id: number): Promise<ReceiptRow> {
  const row = await findReceiptRow(db, id, ctx.actingUnit.path);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

/** One receipt of the subtree with its posting split, the instalments it paid and its history. */
export async function getReceiptDetail(
  deps: AppDeps,
  { ctx, id }: { ctx: UnitContext; id: number },
): Promise<ReceiptDetail> {
  const row = await requireRow(deps.db, ctx, id);
  const receipt = (await findReceiptInScope(deps.db, id, ctx.actingUnit.path))!;
  const posting = receipt.posting as { dues?: { dueId: number; appliedMinor: string }[] };
  const applied = new Map((posting.dues ?? []).map((due) => [due.dueId, BigInt(due.appliedMinor)]));
  const dues = applied.size
    ? await selectRows<{ id: number; installment_no: number; due_date: string }>(
        deps.db,
        sql`select id, installment_no, due_date::text from dues
            where id in (${sql.join(
              [...applied.keys()].map((dueId) => sql`${dueId}`),
              sql`, `,
            )}) order by due_date, id`,
      )
    : [];
  const [verifier] = receipt.verifiedByUserId
    ? await selectRows<{ full_name: string }>(
        deps.db,
        sql`select full_name from users where id = ${receipt.verifiedByUserId}`,
      )
    : [];
  const events = await selectRows<{
    created_at: Date | string;
    action: string;
    flow_code: string;
    actor: string | null;
    remarks: string | null;
  }>(
    deps.db,
    sql`select e.created_at, e.action, r.flow_code, u.full_name as actor, e.remarks
        from approval_events e join approval_requests r on r.id = e.request_id
        left join users u on u.id = e.actor_user_id
        where r.subject_type = 'RECEIPT' and r.subject_id = ${id}
        order by e.created_at, e.id`,
  );
  return {
    ...row,
    charges: minorToDecimal(receipt.chargesMinor),
    interest: minorToDecimal(receipt.interestMinor),
    principal: minorToDecimal(receipt.principalMinor),
    instrument: receipt.instrument,
    verifiedBy: verifier?.full_name ?? null,
    verifiedAt: receipt.verifiedAt,
    cancelReason: receipt.cancelReasonCode,
    cancelRemarks: receipt.cancelRemarks,
    createdAt: receipt.createdAt,
    dues: dues.map((due) => ({
      installmentNo: due.installment_no,
      dueDate: due.due_date,
      applied: minorToDecimal(applied.get(Number(due.id)) ?? 0n),
    })),
    history: [
      { at: receipt.createdAt, action: 'CAPTURE', actor: row.receivedBy, remarks: null },
      ...events.map((event) => ({
        at: isoTimestamp(event.created_at),
        action: `${event.flow_code === 'RECEIPT_CANCELLATION' ? 'CANCELLATION_' : 'VERIFICATION_'}${event.action}`,
        actor: event.actor,
        remarks: event.remarks,
      })),
    ],
  };
}

/** The account and the caller's receipt books, for the capture form. */
export async function captureAccount(
  deps: AppDeps,
  { ctx, accountNo }: { ctx: UnitContext; accountNo: string },
): Promise<CaptureAccount> {
  const [account] = await selectRows<{
    id: number;
    account_no: string;
    name: string;
    currency: 'INR' | 'USD';
    total_due_amount: string;
    outstanding: string;
  }>(
    deps.db,
    sql`select a.id, a.account_no, c.name, a.currency, a.total_due_amount::text,
          (a.total_principal_outstanding + a.total_interest_outstanding + a.other_charges + a.overdue_charges
            + a.bounce_charges)::text as outstanding
        from accounts a join customers c on c.id = a.customer_id
        where a.account_no = ${accountNo.trim()} and a.unit_path like ${`${ctx.actingUnit.path}%`}`,
  );
  if (!account) throw new AppError('NOT_FOUND', 'Account not found');
  return {
    accountId: Number(account.id),
    accountNo: account.account_no,
    customerName: account.name,
    currency: account.currency,
    totalDue: account.total_due_amount,
    outstanding: account.outstanding,
    books: await listCaptureBooks(deps.db, { userId: ctx.user.id, unitId: ctx.actingUnit.id }),
  };
}

/**
 * POST /api/receipts (inside the idempotency helper's transaction): the account must lie in the acting unit's
 * subtree (404 otherwise); the collector is the receiver, the acting unit the receiving unit.
 */
export async function captureReceiptInTx(
  deps: AppDeps,
  tx: Transaction,
  { ctx, body }: { ctx: UnitContext; body: CaptureReceiptBody },
): Promise<ReceiptRow> {
  const [account] = await selectRows<{ id: number }>(
    tx,
    sql`select id from accounts where id = ${body.accountId} and unit_path like ${`${ctx.actingUnit.path}%`}`,
  );
  if (!account) throw new AppError('NOT_FOUND', 'Account not found');
  const instrumentMode = INSTRUMENT_MODES.includes(body.mode);
  const receipt = await postReceiptInTx(
    tx,
    {
      accountId: body.accountId,
      mode: body.mode,
      amountMinor: decimalToMinor(body.amount),
      currency: body.currency,
      reference: instrumentMode ? (body.instrumentNo ?? null) : (body.reference ?? null),
      instrument: {
        ...(instrumentMode
          ? {
              instrumentNo: body.instrumentNo ?? null,
              bankName: body.bankName ?? null,
              micr: body.micr ?? null,
              instrumentDate: body.instrumentDate ?? null,
            }
          : {}),
        ...(body.mode === 'CASH' ? { denominations: (body.denominations ?? []).filter((d) => d.count > 0) } : {}),
        ...(body.remarks ? { remarks: body.remarks } : {}),
      },
      receivedByUserId: ctx.user.id,
      receivedUnitId: ctx.actingUnit.id,
      source: 'MANUAL',
      bookNo: BOOK_MODES.includes(body.mode) ? (body.bookNo ?? null) : null,
      receiptNo: BOOK_MODES.includes(body.mode) ? (body.receiptNo ?? null) : null,
    },
    ctx,
    { postingOrder: deps.config.receiptPostingOrder, at: deps.clock.now() },
  );
  return (await findReceiptRow(tx, receipt.id, ctx.actingUnit.path))!;
}

/** Verify (approve) or reject a receipt waiting for verification, through the approval kit. */
export async function decideVerification(
  deps: AppDeps,
  args: { ctx: UnitContext; id: number; approve: boolean; version: number; remarks?: string | undefined },
): Promise<ReceiptRow> {
  await decideApproval(deps, {
    ctx: args.ctx,
    handler: RECEIPT_VERIFICATION_HANDLER,
    by: { subjectId: args.id },
    decision: args.approve ? 'approve' : 'reject',
    version: args.version,
    remarks: args.remarks,
    input: undefined,
  });
  return requireRow(deps.db, args.ctx, args.id);
}

/**
 * POST /api/receipts/:id/cancellation — asks for a verified receipt to be cancelled (reason and remarks): the receipt
 * becomes CANCEL_REQUESTED and waits in a RECEIPT_CANCELLATION request for another user.
 */
export async function requestCancellation(
  deps: AppDeps,
  args: { ctx: UnitContext; id: number; input: { version: number; reason: string; remarks: string } },
): Promise<ReceiptRow> {
  const { ctx, id, input } = args;
  await withTransaction(deps.db, async (tx) => {
    const receipt = await findReceiptInScope(tx, id, ctx.actingUnit.path, { lock: true });
    if (!receipt) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (receipt.status !== 'VERIFIED') {
      throw new AppError(
        'ALREADY_DECIDED',
        receipt.status === 'PENDING_VERIFICATION'
          ? 'This receipt is not verified yet: the verifier rejects it instead.'
          : `This receipt is ${receipt.status === 'CANCELLED' ? 'already cancelled' : 'already waiting for a cancellation decision'}.`,
      );
    }
    if (receipt.version !== input.version) {
      throw new AppError('STALE_VERSION', 'This receipt changed since you opened it. Reload and try again.');
    }
    // A receipt in a deposit batch that waits for approval is part of a deposit slip being checked: the batch is
    // rejected first (which frees it), so no deposit is approved with a cancelled receipt in it. Once the batch is
    // approved (the money went to the bank), a bounced cheque is cancelled as any other receipt.
    const pendingBatch = await findPendingBatchOfReceipt(tx, id);
    if (pendingBatch !== undefined) {
      throw new AppError(
        'ACTION_NOT_ALLOWED',
        `This receipt is in deposit batch ${pendingBatch}, which waits for approval: have that batch rejected, then ask for the cancellation.`,
      );
    }
    await tx.execute(sql`update receipts set status = 'CANCEL_REQUESTED', version = version + 1 where id = ${id}`);
    await requestApprovalInTx(tx, ctx, RECEIPT_CANCELLATION_HANDLER as never, {
      subjectId: id,
      unitPath: receipt.unitPath,
      maker: { userId: ctx.user.id, unitId: ctx.actingUnit.id },
      amount: minorToDecimal(receipt.amountMinor),
      currency: receipt.currency,
      payload: { reason: input.reason, remarks: input.remarks, receiptNo: receipt.receiptNo },
      remarks: input.remarks,
      at: deps.clock.now(),
    });
  });
  return requireRow(deps.db, ctx, id);
}

export async function decideCancellation(
  deps: AppDeps,
  args: { ctx: UnitContext; id: number; approve: boolean; version: number; remarks?: string | undefined },
): Promise<ReceiptRow> {
  await decideApproval(deps, {
    ctx: args.ctx,
    handler: RECEIPT_CANCELLATION_HANDLER,
    by: { subjectId: args.id },
    decision: args.approve ? 'approve' : 'reject',
    version: args.version,
    remarks: args.remarks,
    input: undefined,
  });
  return requireRow(deps.db, args.ctx, args.id);
}

export async function receiptBooks(deps: AppDeps, { ctx }: { ctx: UnitContext }) {
  return { books: await listReceiptBooks(deps.db, ctx.actingUnit.path) };
}

/** Audits an export of the viewer (the file itself is written by the exports module). */
export async function auditReceiptExport(deps: AppDeps, ctx: UnitContext, after: Record<string, unknown>) {
  await withTransaction(deps.db, (tx) => emitAudit(tx, ctx, { action: 'receipts.export', entity: 'receipt', after }));
}

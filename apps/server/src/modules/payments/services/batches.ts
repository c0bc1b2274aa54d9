import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { paymentBatches, paymentBatchReceipts } from '@recovery-desk/db/payments-schema.ts';
import { PAY_BATCH_FLOW } from '@recovery-desk/domain/approvals/flows/pay-batch.ts';
import {
  BATCH_STATUSES,
  minorToDecimal,
  type Batch,
  type BatchDetail,
  type BatchGenerateInput,
  type BatchListQuery,
  type BatchPage,
  type BatchReceipt,
  type BatchStatus,
  type CandidateReceipt,
  type UndepositedCash,
} from '@recovery-desk/domain/payments/contracts.ts';
import { likePrefix } from '../../../access/unit-scope.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction, type Executor, type Transaction } from '../../../db/transaction.ts';
import { isoTimestamp, isoTimestampOrNull, selectRows } from '../../../db/sql-rows.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { decideApproval, requestApprovalInTx, type ApprovalHandler } from '../../approvals/index.ts';
import { requireBusinessDate } from '../../organisation/index.ts';

// Payment batches (deposit batches): a maker groups verified cash and cheque receipts of one branch, one collection
// day and one deposit slip; the batch waits in the approval kit's PAY_BATCH flow for a different checker. Approval
// makes it APPROVED (deposited, to be matched to the bank's credit); rejection (with remarks) makes it REJECTED and
// frees its receipts (payment_batch_receipts.live = false) for another batch. A receipt is in at most one live batch
// (partial unique index), so two makers racing for the same receipt cannot both win.

type BatchRow = {
  id: number | string;
  batch_no: string;
  branch_unit_id: number;
  branch_code: string;
  branch_name: string;
  collection_date: string;
  deposit_slip_no: string;
  currency: string;
  amount_minor: string | number | bigint;
  receipt_count: number;
  status: BatchStatus;
  maker_name: string;
  maker_user_id: number;
  created_at: Date | string;
  checker_name: string | null;
  decided_at: Date | string | null;
  remarks: string | null;
  approval_request_id: number | string | null;
  reconciled_at: Date | string | null;
  version: number;
};

export function toBatch(row: BatchRow): Batch {
  return {
    id: Number(row.id),
    batchNo: row.batch_no,
    branchUnitId: Number(row.branch_unit_id),
    branchCode: row.branch_code,
    branchName: row.branch_name,
    collectionDate: String(row.collection_date),
    depositSlipNo: row.deposit_slip_no,
    currency: row.currency,
    amount: minorToDecimal(BigInt(row.amount_minor)),
    receiptCount: Number(row.receipt_count),
    status: row.status,
    makerName: row.maker_name,
    makerUserId: Number(row.maker_user_id),
    createdAt: isoTimestamp(row.created_at),
    checkerName: row.checker_name,
    decidedAt: isoTimestampOrNull(row.decided_at),
    remarks: row.remarks,
    approvalRequestId: row.approval_request_id === null ? null : Number(row.approval_request_id),
    reconciledAt: isoTimestampOrNull(row.reconciled_at),
    version: Number(row.version),
  };
}

export const BATCH_SELECT = sql`select b.id, b.batch_no, b.branch_unit_id, bu.unit_code as branch_code,
    bu.name as branch_name, b.collection_date, b.deposit_slip_no, b.currency, b.amount_minor, b.receipt_count,
    b.status, mu.full_name as maker_name, b.maker_user_id, b.created_at, cu.full_name as checker_name, b.decided_at,
    b.remarks, b.approval_request_id, b.reconciled_at, b.version
  from payment_batches b
  join units bu on bu.id = b.branch_unit_id
  join users mu on mu.id = b.maker_user_id
  left join users cu on cu.id = b.checker_user_id`;

export async function readBatches(db: Executor, where: ReturnType<typeof sql>, tail = sql``): Promise<Batch[]> {
  const rows = await selectRows<BatchRow>(db, sql`${BATCH_SELECT} where ${where} ${tail}`);
  return rows.map(toBatch);
}

type ReceiptRow = {
  receipt_id: number | string;
  receipt_no: string;
  account_no: string;
  mode: string;
  amount_minor: string | number | bigint;
  currency: string;
  received_on: string;
  reference: string | null;
  received_by: string;
  branch_unit_id: number;
  branch_code: string;
};

function toReceipt(row: ReceiptRow): BatchReceipt {
  return {
    receiptId: Number(row.receipt_id),
    receiptNo: row.receipt_no,
    accountNo: row.account_no,
    mode: row.mode,
    amount: minorToDecimal(BigInt(row.amount_minor)),
    currency: row.currency,
    receivedOn: String(row.received_on),
    reference: row.reference,
    receivedBy: row.received_by,
  };
}

const RECEIPT_SELECT = sql`select r.id as receipt_id, r.receipt_no, a.account_no, r.mode, r.amount_minor, r.currency,
    r.received_on, r.reference, ru.full_name as received_by, r.branch_unit_id, bu.unit_code as branch_code
  from receipts r
  join accounts a on a.id = r.account_id
  join users ru on ru.id = r.received_by_user_id
  join units bu on bu.id = r.branch_unit_id`;

const NOT_IN_LIVE_BATCH = sql`not exists (select 1 from payment_batch_receipts pbr where pbr.receipt_id = r.id and pbr.live)`;

/** A batch of the acting unit's subtree (another unit's answers 404). */
export async function requireBatch(db: Executor, ctx: UnitContext, id: number): Promise<BatchDetail> {
  const [batch] = await readBatches(db, sql`b.id = ${id} and b.unit_path like ${likePrefix(ctx.actingUnit.path)}`);
  if (!batch) throw new AppError('NOT_FOUND', 'Payment batch not found');
  const receipts = await selectRows<ReceiptRow>(
    db,
    sql`${RECEIPT_SELECT} join payment_batch_receipts pbr on pbr.receipt_id = r.id
      where pbr.batch_id = ${id} order by r.receipt_no`,
  );
  return { ...batch, receipts: receipts.map(toReceipt) };
}

export async function listBatches(
  deps: AppDeps,
  args: { ctx: UnitContext; query: BatchListQuery },
): Promise<BatchPage> {
  const { ctx, query } = args;
  const scope = sql`b.unit_path like ${likePrefix(ctx.actingUnit.path)}`;
  const data = await readBatches(
    deps.db,
    sql`${scope} and b.status = ${query.status}`,
    sql`order by b.id desc limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  const countRows = await selectRows<{ status: BatchStatus; n: number | string }>(
    deps.db,
    sql`select b.status, count(*) as n from payment_batches b where ${scope} group by b.status`,
  );
  const counts = Object.fromEntries(BATCH_STATUSES.map((status) => [status, 0])) as Record<BatchStatus, number>;
  for (const row of countRows) counts[row.status] = Number(row.n);
  return { data, count: counts[query.status], page: query.page, pageSize: query.pageSize, counts };
}

/** Verified cash and cheque receipts of the subtree that no live batch holds (what a batch may take). */
export async function listBatchCandidates(
  deps: AppDeps,
  args: {
    ctx: UnitContext;
    query: { branchUnitId?: number | undefined; collectionDate?: string | undefined; page: number; pageSize: number };
  },
): Promise<{ data: CandidateReceipt[]; count: number; page: number; pageSize: number }> {
  const { ctx, query } = args;
  const where = sql`r.unit_path like ${likePrefix(ctx.actingUnit.path)} and r.status = 'VERIFIED'
    and r.mode in ('CASH', 'CHEQUE') and ${NOT_IN_LIVE_BATCH}
    ${query.branchUnitId ? sql`and r.branch_unit_id = ${query.branchUnitId}` : sql``}
    ${query.collectionDate ? sql`and r.received_on = ${query.collectionDate}` : sql``}`;
  const rows = await selectRows<ReceiptRow>(
    deps.db,
    sql`${RECEIPT_SELECT} where ${where} order by r.received_on, bu.unit_code, r.receipt_no
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  const [count] = await selectRows<{ n: number | string }>(
    deps.db,
    sql`select count(*) as n from receipts r where ${where}`,
  );
  return {
    data: rows.map((row) => ({
      ...toReceipt(row),
      branchUnitId: Number(row.branch_unit_id),
      branchCode: row.branch_code,
    })),
    count: Number(count?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

type LockedReceipt = {
  id: number | string;
  receipt_no: string;
  unit_path: string;
  branch_unit_id: number;
  mode: string;
  status: string;
  received_on: string;
  amount_minor: string | number | bigint;
  currency: string;
  in_batch: string | null;
};

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (candidate.code === '23505') {
      return (
        candidate.constraint === constraint ||
        (typeof candidate.message === 'string' && candidate.message.includes(constraint))
      );
    }
    if (typeof current !== 'object') break;
  }
  return false;
}

/**
 * Generates a deposit batch and opens its approval request in the caller's transaction (audited `payments.batch.generate`
 * and the kit's `payments.batch.request`). Every receipt must be in scope (else 404), VERIFIED, CASH or CHEQUE, of
 * the batch's branch and collection day, in one currency and in no live batch (else 409 NOT_ELIGIBLE naming them).
 */
export async function generateBatchInTx(
  tx: Transaction,
  deps: AppDeps,
  args: { ctx: UnitContext; input: BatchGenerateInput; handler: ApprovalHandler<never> },
): Promise<BatchDetail> {
  const { ctx, input } = args;
  const ids = [...new Set(input.receiptIds)];
  if (ids.length !== input.receiptIds.length) throw validationError('receiptIds', 'names a receipt twice');
  const [branch] = await selectRows<{ id: number; path: string; level: string; unit_code: string }>(
    tx,
    sql`select id, path, level, unit_code from units where id = ${input.branchUnitId}
      and path like ${likePrefix(ctx.actingUnit.path)}`,
  );
  if (!branch) throw new AppError('NOT_FOUND', 'Branch not found');
  if (branch.level !== 'BRANCH') throw validationError('branchUnitId', 'must be a branch');
  const at = deps.clock.now();
  const receipts = await selectRows<LockedReceipt>(
    tx,
    sql`select r.id, r.receipt_no, r.unit_path, r.branch_unit_id, r.mode, r.status, r.received_on, r.amount_minor,
        r.currency,
        (select b.batch_no from payment_batch_receipts pbr join payment_batches b on b.id = pbr.batch_id
          where pbr.receipt_id = r.id and pbr.live limit 1) as in_batch
      from receipts r where r.id in (${sql.join(
        ids.map((receiptId) => sql`${receiptId}`),
        sql`, `,
      )}) and r.unit_path like ${likePrefix(ctx.actingUnit.path)}
      order by r.id for update of r`,
  );
  const found = new Set(receipts.map((receipt) => Number(receipt.id)));
  const missing = ids.filter((receiptId) => !found.has(receiptId));
  if (missing.length > 0) throw new AppError('NOT_FOUND', `Receipt not found: ${missing.join(', ')}`);
  const problems: string[] = [];
  for (const receipt of receipts) {
    const reasons: string[] = [];
    if (receipt.status !== 'VERIFIED') reasons.push(`is ${receipt.status.toLowerCase().replaceAll('_', ' ')}`);
    if (receipt.mode !== 'CASH' && receipt.mode !== 'CHEQUE') reasons.push(`is ${receipt.mode}, not cash or cheque`);
    if (Number(receipt.branch_unit_id) !== branch.id) reasons.push('belongs to another branch');
    if (String(receipt.received_on) !== input.collectionDate) reasons.push(`was received on ${receipt.received_on}`);
    if (receipt.in_batch) reasons.push(`is already in batch ${receipt.in_batch}`);
    if (reasons.length > 0) problems.push(`${receipt.receipt_no} ${reasons.join(', ')}`);
  }
  if (problems.length > 0) {
    throw new AppError('NOT_ELIGIBLE', `These receipts cannot go into this batch: ${problems.join('; ')}.`);
  }
  const currencies = new Set(receipts.map((receipt) => receipt.currency));
  if (currencies.size > 1) throw validationError('receiptIds', 'mixes currencies; make one batch per currency');
  const [slipTaken] = await selectRows<{ batch_no: string }>(
    tx,
    sql`select batch_no from payment_batches where branch_unit_id = ${branch.id}
      and collection_date = ${input.collectionDate} and deposit_slip_no = ${input.depositSlipNo} and status <> 'REJECTED'`,
  );
  if (slipTaken) {
    throw validationError('depositSlipNo', `already has a live batch of this branch and day (${slipTaken.batch_no})`);
  }
  const currency = receipts[0]!.currency;
  const amountMinor = receipts.reduce((sum, receipt) => sum + BigInt(receipt.amount_minor), 0n);
  const [batch] = await tx
    .insert(paymentBatches)
    .values({
      batchNo: `PENDING-${randomUUID()}`,
      branchUnitId: branch.id,
      unitPath: branch.path,
      collectionDate: input.collectionDate,
      depositSlipNo: input.depositSlipNo,
      currency,
      amountMinor,
      receiptCount: receipts.length,
      makerUserId: ctx.user.id,
      makerUnitId: ctx.actingUnit.id,
      remarks: input.remarks ?? null,
      // generated (deposited) now by the service's clock: the shady reports read it as the deposit time
      createdAt: at,
    })
    .returning({ id: paymentBatches.id });
  const batchId = batch!.id;
  const batchNo = `PB-${branch.unit_code}-${input.collectionDate.replaceAll('-', '')}-${batchId}`;
  await tx.insert(paymentBatchReceipts).values(
    receipts.map((receipt) => ({
      batchId,
      receiptId: Number(receipt.id),
      amountMinor: BigInt(receipt.amount_minor),
    })),
  );
  const request = await requestApprovalInTx(tx, ctx, args.handler, {
    subjectId: batchId,
    unitPath: branch.path,
    maker: { userId: ctx.user.id, unitId: ctx.actingUnit.id },
    amount: minorToDecimal(amountMinor),
    currency,
    payload: { batchNo, depositSlipNo: input.depositSlipNo },
    remarks: input.remarks ?? null,
    at,
  });
  await tx
    .update(paymentBatches)
    .set({ batchNo, approvalRequestId: request.id })
    .where(sql`${paymentBatches.id} = ${batchId}`);
  await emitAudit(tx, ctx, {
    action: 'payments.batch.generate',
    entity: 'payment_batch',
    entityId: batchId,
    after: {
      batchNo,
      branch: branch.unit_code,
      collectionDate: input.collectionDate,
      depositSlipNo: input.depositSlipNo,
      amountMinor: amountMinor.toString(),
      currency,
      receiptIds: ids,
    },
  });
  return requireBatch(tx, ctx, batchId);
}

/**
 * Maps the unique indexes' refusals of a generation that lost a race (another batch took a receipt or the slip
 * meanwhile) to the same replies the checks give.
 */
export async function refusingRaces<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'payment_batches_slip_uq')) {
      throw validationError('depositSlipNo', 'already has a live batch of this branch and day');
    }
    if (isUniqueViolation(error, 'payment_batch_receipts_live_uq')) {
      throw new AppError('NOT_ELIGIBLE', 'Another batch took one of these receipts meanwhile; reload and try again.');
    }
    throw error;
  }
}

/** Without the HTTP helper (demo seeding): one transaction. */
export function generateBatch(
  deps: AppDeps,
  args: { ctx: UnitContext; input: BatchGenerateInput; handler: ApprovalHandler<never> },
): Promise<BatchDetail> {
  return refusingRaces(() => withTransaction(deps.db, (tx) => generateBatchInTx(tx, deps, args)));
}

async function recordDecision(
  tx: Transaction,
  input: { batchId: number; status: 'APPROVED' | 'REJECTED'; checkerUserId: number; remarks: string | null; at: Date },
): Promise<{ version: number; receiptIds: number[] }> {
  const [row] = await tx
    .update(paymentBatches)
    .set({
      status: input.status,
      checkerUserId: input.checkerUserId,
      decidedAt: input.at,
      remarks: input.remarks,
      version: sql`${paymentBatches.version} + 1`,
    })
    .where(sql`${paymentBatches.id} = ${input.batchId} and ${paymentBatches.status} = 'INITIATED'`)
    .returning({ version: paymentBatches.version });
  if (!row) throw new AppError('ALREADY_DECIDED', 'This payment batch has already been decided.');
  const receipts = await selectRows<{ receipt_id: number | string }>(
    tx,
    input.status === 'REJECTED'
      ? sql`update payment_batch_receipts set live = false where batch_id = ${input.batchId} and live
          returning receipt_id`
      : sql`select receipt_id from payment_batch_receipts where batch_id = ${input.batchId}`,
  );
  return { version: row.version, receiptIds: receipts.map((receipt) => Number(receipt.receipt_id)) };
}

/** The PAY_BATCH flow's handler: the batch row is the subject (its version is the checker's), effects mirror it. */
export const PAY_BATCH_HANDLER: ApprovalHandler<undefined> = {
  flow: PAY_BATCH_FLOW,
  findSubject: async (db, subjectId) => {
    const [row] = await selectRows<{ unit_path: string }>(
      db,
      sql`select unit_path from payment_batches where id = ${subjectId}`,
    );
    return row ? { unitPath: row.unit_path } : undefined;
  },
  subjectVersion: { table: paymentBatches, id: paymentBatches.id, version: paymentBatches.version },
  async onApproved(tx, { ctx, request, remarks, at }) {
    return recordDecision(tx, {
      batchId: request.subjectId,
      status: 'APPROVED',
      checkerUserId: ctx.user.id,
      remarks,
      at,
    });
  },
  async onRejected(tx, { ctx, request, remarks, at }) {
    // Rejected: its receipts are free for another batch.
    return recordDecision(tx, {
      batchId: request.subjectId,
      status: 'REJECTED',
      checkerUserId: ctx.user.id,
      remarks,
      at,
    });
  },
};

/** Approve or reject (with remarks) through the approval kit: maker ≠ checker, one conditional update, history, audit. */
export async function decideBatch(
  deps: AppDeps,
  args: {
    ctx: UnitContext;
    id: number;
    decision: 'approve' | 'reject';
    version: number;
    remarks?: string | undefined;
    handler: ApprovalHandler<never>;
  },
): Promise<BatchDetail> {
  await requireBatch(deps.db, args.ctx, args.id);
  await decideApproval(deps, {
    ctx: args.ctx,
    handler: args.handler,
    by: { subjectId: args.id },
    decision: args.decision,
    version: args.version,
    remarks: args.remarks ?? null,
    input: undefined as never,
  });
  return requireBatch(deps.db, args.ctx, args.id);
}

/**
 * "Collected vs deposited": verified cash receipts of the subtree not in an approved batch once the next business
 * date has come (received before the business date). Days are calendar days between the receipt and the business
 * date (the product has no holiday calendar yet).
 */
export async function listUndepositedCash(
  deps: AppDeps,
  args: { ctx: UnitContext; page: number; pageSize: number },
): Promise<{
  data: UndepositedCash[];
  count: number;
  page: number;
  pageSize: number;
  totals: { currency: string; amount: string }[];
}> {
  const { ctx } = args;
  const businessDate = await requireBusinessDate(deps.db);
  const where = sql`r.unit_path like ${likePrefix(ctx.actingUnit.path)} and r.status = 'VERIFIED' and r.mode = 'CASH'
    and r.received_on < ${businessDate}::date
    and not exists (select 1 from payment_batch_receipts pbr join payment_batches b on b.id = pbr.batch_id
      where pbr.receipt_id = r.id and pbr.live and b.status = 'APPROVED')`;
  const rows = await selectRows<ReceiptRow & { days: number | string; in_batch: string | null }>(
    deps.db,
    sql`select q.*, (${businessDate}::date - q.received_on::date) as days,
        (select b.batch_no from payment_batch_receipts pbr join payment_batches b on b.id = pbr.batch_id
          where pbr.receipt_id = q.receipt_id and pbr.live limit 1) as in_batch
      from (${RECEIPT_SELECT} where ${where}) q order by q.received_on, q.receipt_no
      limit ${args.pageSize} offset ${(args.page - 1) * args.pageSize}`,
  );
  const totals = await selectRows<{ currency: string; amount_minor: string | number | bigint; n: number | string }>(
    deps.db,
    sql`select r.currency, sum(r.amount_minor) as amount_minor, count(*) as n from receipts r where ${where}
      group by r.currency order by r.currency`,
  );
  return {
    data: rows.map((row) => ({
      receiptId: Number(row.receipt_id),
      receiptNo: row.receipt_no,
      accountNo: row.account_no,
      branchCode: row.branch_code,
      amount: minorToDecimal(BigInt(row.amount_minor)),
      currency: row.currency,
      receivedOn: String(row.received_on),
      receivedBy: row.received_by,
      daysUndeposited: Number(row.days),
      inBatch: row.in_batch,
    })),
    count: totals.reduce((sum, row) => sum + Number(row.n), 0),
    page: args.page,
    pageSize: args.pageSize,
    totals: totals.map((row) => ({ currency: row.currency, amount: minorToDecimal(BigInt(row.amount_minor)) })),
  };
}

import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { upiCallbackEvents, upiCollectRequests } from '@recovery-desk/db/payments-schema.ts';
import { toCents } from '@recovery-desk/domain/money.ts';
import {
  minorToDecimal,
  UPI_STATUSES,
  type UpiCollectInput,
  type UpiListQuery,
  type UpiPage,
  type UpiRequest,
  type UpiStatus,
} from '@recovery-desk/domain/payments/contracts.ts';
import { likePrefix } from '../../../access/unit-scope.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction, type Executor, type Transaction } from '../../../db/transaction.ts';
import { isoTimestamp, isoTimestampOrNull, selectRows } from '../../../db/sql-rows.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { RequestContext, UnitContext } from '../../../http/request-context.ts';
import { postReceipt } from '../receipts-port.ts';
import type { ProviderEvent, ProviderTransaction } from '../upi/provider.ts';
import { paymentProviderOf, sandboxOf, setDirectCallbackTransport } from '../upi/providers.ts';

// UPI collection (issue 13). A collect request is recorded INITIATED, then sent to the provider; its outcome arrives
// by a signed callback or by the poller's status poll, and both go through `applyProviderOutcome`, which locks the
// request row and moves it once:
// - SUCCESS is final and wins: it becomes exactly one receipt (postReceiptInTx, mode UPI, source UPI_COLLECT) in the
//   transaction that records it. A SUCCESS that arrives after the request expired (or failed) here is still applied:
//   the payer's money was taken, so it must be receipted (the request is marked `late_success`).
// - FAILED and EXPIRED only close a request that is still INITIATED; after SUCCESS they are ignored (out of order).
// - The same event again is a duplicate: nothing changes, nothing is posted.

type UpiRow = {
  id: number | string;
  txn_id: string;
  account_id: number | string;
  account_no: string;
  customer_name: string;
  vpa: string;
  amount_minor: string | number | bigint;
  currency: string;
  status: UpiStatus;
  bank_rrn: string | null;
  initiated_by: string;
  initiated_at: Date | string;
  expires_at: Date | string;
  completed_at: Date | string | null;
  failure_reason: string | null;
  receipt_id: number | string | null;
  late_success: boolean;
  unit_code: string;
};

function toRequest(row: UpiRow): UpiRequest {
  return {
    id: Number(row.id),
    txnId: row.txn_id,
    accountId: Number(row.account_id),
    accountNo: row.account_no,
    customerName: row.customer_name,
    vpa: row.vpa,
    amount: minorToDecimal(BigInt(row.amount_minor)),
    currency: row.currency,
    status: row.status,
    bankRrn: row.bank_rrn,
    initiatedBy: row.initiated_by,
    initiatedAt: isoTimestamp(row.initiated_at),
    expiresAt: isoTimestamp(row.expires_at),
    completedAt: isoTimestampOrNull(row.completed_at),
    failureReason: row.failure_reason,
    receiptId: row.receipt_id === null ? null : Number(row.receipt_id),
    lateSuccess: row.late_success === true,
    unitCode: row.unit_code,
  };
}

const SELECT = sql`select r.id, r.txn_id, r.account_id, a.account_no, c.name as customer_name, r.vpa, r.amount_minor,
    r.currency, r.status, r.bank_rrn, u.full_name as initiated_by, r.initiated_at, r.expires_at, r.completed_at,
    r.failure_reason, r.receipt_id, r.late_success, un.unit_code
  from upi_collect_requests r
  join accounts a on a.id = r.account_id
  join customers c on c.id = a.customer_id
  join users u on u.id = r.initiated_by_user_id
  join units un on un.id = a.unit_id`;

async function readRequest(db: Executor, where: ReturnType<typeof sql>): Promise<UpiRequest | undefined> {
  const [row] = await selectRows<UpiRow>(db, sql`${SELECT} where ${where}`);
  return row ? toRequest(row) : undefined;
}

/** A request of the acting unit's subtree (another unit's answers 404). */
export async function requireUpiRequest(db: Executor, ctx: UnitContext, id: number): Promise<UpiRequest> {
  const request = await readRequest(db, sql`r.id = ${id} and r.unit_path like ${likePrefix(ctx.actingUnit.path)}`);
  if (!request) throw new AppError('NOT_FOUND', 'UPI collect request not found');
  return request;
}

function newTxnId(at: Date): string {
  const day = at.toISOString().slice(0, 10).replaceAll('-', '');
  return `RDUPI${day}${randomBytes(5).toString('hex').toUpperCase()}`;
}

/**
 * A collect request: the account (in scope), the payer's VPA, the amount in the account's currency and the expiry.
 * Recorded INITIATED (audited) in the caller's transaction (the Idempotency-Key helper's), before the provider is
 * asked (`dispatchUpiCollect` after the commit), so a crash in between leaves a request the poller resolves.
 */
export async function recordUpiCollectInTx(
  tx: Transaction,
  deps: AppDeps,
  args: { ctx: UnitContext; input: UpiCollectInput },
): Promise<UpiRequest> {
  const { ctx, input } = args;
  const provider = paymentProviderOf(deps);
  const [account] = await selectRows<{ id: number | string; unit_path: string; currency: string }>(
    tx,
    sql`select id, unit_path, currency from accounts
      where account_no = ${input.accountNo} and unit_path like ${likePrefix(ctx.actingUnit.path)}`,
  );
  if (!account) throw new AppError('NOT_FOUND', 'Account not found');
  const amountMinor = toCents(input.amount);
  if (amountMinor > 10_000_000n * 100n) throw validationError('amount', 'must be at most 1,00,00,000.00');
  const at = deps.clock.now();
  const expiresAt = new Date(at.getTime() + input.expiryMinutes * 60_000);
  const txnId = newTxnId(at);
  const [row] = await tx
    .insert(upiCollectRequests)
    .values({
      txnId,
      accountId: Number(account.id),
      unitPath: account.unit_path,
      vpa: input.vpa,
      amountMinor,
      currency: account.currency,
      provider: provider.name,
      initiatedByUserId: ctx.user.id,
      initiatedUnitId: ctx.actingUnit.id,
      initiatedAt: at,
      expiresAt,
      remarks: input.remarks ?? null,
    })
    .returning({ id: upiCollectRequests.id });
  await emitAudit(tx, ctx, {
    action: 'payments.upi.initiate',
    entity: 'upi_collect_request',
    entityId: row!.id,
    after: { txnId, accountId: Number(account.id), vpa: input.vpa, amountMinor: amountMinor.toString(), expiresAt },
  });
  return requireUpiRequest(tx, ctx, row!.id);
}

/**
 * Sends a recorded request to the provider once (only while it has no provider transaction id; a replayed post
 * sends one the first attempt could not). An unknown outcome (timeout, network) leaves it INITIATED for the poller.
 */
export async function dispatchUpiCollect(deps: AppDeps, txnId: string): Promise<void> {
  const provider = paymentProviderOf(deps);
  const [request] = await selectRows<{
    id: number | string;
    vpa: string;
    amount_minor: string | number | bigint;
    currency: string;
    expires_at: Date | string;
    provider_txn_id: string | null;
    status: string;
  }>(
    deps.db,
    sql`select id, vpa, amount_minor, currency, expires_at, provider_txn_id, status from upi_collect_requests
      where txn_id = ${txnId}`,
  );
  if (!request || request.provider_txn_id || request.status !== 'INITIATED') return;
  try {
    const { providerTxnId } = await provider.initiateCollect({
      txnId,
      vpa: request.vpa,
      amountMinor: BigInt(request.amount_minor),
      currency: request.currency,
      expiresAt: new Date(request.expires_at),
      note: `Loan repayment ${txnId}`,
    });
    await deps.db
      .update(upiCollectRequests)
      .set({ providerTxnId })
      .where(sql`${upiCollectRequests.id} = ${Number(request.id)} and ${upiCollectRequests.providerTxnId} is null`);
  } catch (error) {
    deps.log.warn({ err: error, txnId }, 'the UPI provider did not confirm a collect request; the poller will ask');
  }
}

/** Without the HTTP helper (demo seeding): record, then dispatch. */
export async function initiateUpiCollect(
  deps: AppDeps,
  args: { ctx: UnitContext; input: UpiCollectInput },
): Promise<UpiRequest> {
  const recorded = await withTransaction(deps.db, (tx) => recordUpiCollectInTx(tx, deps, args));
  await dispatchUpiCollect(deps, recorded.txnId);
  return requireUpiRequest(deps.db, args.ctx, recorded.id);
}

export async function listUpiRequests(
  deps: AppDeps,
  args: { ctx: UnitContext; query: UpiListQuery },
): Promise<UpiPage> {
  const { ctx, query } = args;
  const scope = sql`r.unit_path like ${likePrefix(ctx.actingUnit.path)}`;
  const search = query.q
    ? sql` and (r.txn_id = ${query.q} or a.account_no = ${query.q} or lower(r.vpa) = lower(${query.q}))`
    : sql``;
  const status = query.status ? sql` and r.status = ${query.status}` : sql``;
  const rows = await selectRows<UpiRow>(
    deps.db,
    sql`${SELECT} where ${scope}${search}${status} order by r.id desc
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  const countRows = await selectRows<{ status: UpiStatus; n: number | string }>(
    deps.db,
    sql`select r.status, count(*) as n from upi_collect_requests r join accounts a on a.id = r.account_id
      where ${scope}${search} group by r.status`,
  );
  const counts = Object.fromEntries(UPI_STATUSES.map((code) => [code, 0])) as Record<UpiStatus, number>;
  for (const row of countRows) counts[row.status] = Number(row.n);
  const count = query.status ? counts[query.status] : Object.values(counts).reduce((a, b) => a + b, 0);
  return { data: rows.map(toRequest), count, page: query.page, pageSize: query.pageSize, counts };
}

export type CallbackOutcome = { outcome: 'APPLIED' | 'DUPLICATE' | 'IGNORED'; status: UpiStatus };

type LockedRequest = {
  id: number | string;
  txn_id: string;
  account_id: number | string;
  status: UpiStatus;
  amount_minor: string | number | bigint;
  currency: string;
  initiated_by_user_id: number;
  initiated_unit_id: number;
  receipt_id: number | string | null;
  bank_rrn: string | null;
};

/** A context for work the provider started (no user): audit rows name no actor. */
export function providerContext(requestId: string, ip = ''): RequestContext {
  return { requestId, ip, user: null, actingUnit: null, app: 'collapp' };
}

/**
 * Applies what the provider says of a transaction (callback or poll), once, under the request row's lock. The lock
 * orders concurrent deliveries of the same event: the first applies it, the others find it applied.
 */
export async function applyProviderOutcome(
  deps: AppDeps,
  tx: Transaction,
  ctx: RequestContext,
  event: ProviderTransaction,
  origin: 'callback' | 'poll',
): Promise<CallbackOutcome> {
  const [request] = await selectRows<LockedRequest>(
    tx,
    sql`select id, txn_id, account_id, status, amount_minor, currency, initiated_by_user_id, initiated_unit_id,
        receipt_id, bank_rrn
      from upi_collect_requests where txn_id = ${event.txnId} for update`,
  );
  if (!request) {
    deps.log.warn({ txnId: event.txnId, origin }, 'the UPI provider reported a transaction we never initiated');
    return { outcome: 'IGNORED', status: event.status };
  }
  const current = request.status;
  const at = deps.clock.now();
  if (event.status === 'SUCCESS') {
    if (current === 'SUCCESS') return { outcome: 'DUPLICATE', status: current };
    if (BigInt(request.amount_minor) !== event.amountMinor || request.currency !== event.currency) {
      // A payment of another amount is not this request's: never receipted automatically (reconciled by hand).
      deps.log.error({ txnId: event.txnId, origin }, 'UPI success with an amount other than the collect request');
      throw validationError('amountMinor', 'does not match the collect request’s amount and currency');
    }
    const late = current !== 'INITIATED';
    const receipt = await postReceipt(
      tx,
      deps,
      {
        accountId: Number(request.account_id),
        mode: 'UPI',
        amountMinor: event.amountMinor,
        currency: request.currency as 'INR' | 'USD',
        reference: event.rrn,
        receivedByUserId: request.initiated_by_user_id,
        receivedUnitId: request.initiated_unit_id,
        source: 'UPI_COLLECT',
        sourceRef: request.txn_id,
      },
      ctx,
    );
    await tx
      .update(upiCollectRequests)
      .set({
        status: 'SUCCESS',
        bankRrn: event.rrn,
        completedAt: event.completedAt ?? at,
        failureReason: null,
        lateSuccess: late,
        receiptId: receipt.id,
        version: sql`${upiCollectRequests.version} + 1`,
      })
      .where(sql`${upiCollectRequests.id} = ${request.id}`);
    await emitAudit(tx, ctx, {
      action: 'payments.upi.success',
      entity: 'upi_collect_request',
      entityId: Number(request.id),
      before: { status: current },
      after: { status: 'SUCCESS', rrn: event.rrn, receiptId: receipt.id, receiptNo: receipt.receiptNo, late, origin },
    });
    return { outcome: 'APPLIED', status: 'SUCCESS' };
  }
  if (event.status === 'FAILED' || event.status === 'EXPIRED') {
    if (current === event.status) return { outcome: 'DUPLICATE', status: current };
    if (current !== 'INITIATED') return { outcome: 'IGNORED', status: current };
    await closeRequest(tx, ctx, request, event.status, event.failureReason, event.completedAt ?? at, origin);
    return { outcome: 'APPLIED', status: event.status };
  }
  return { outcome: current === 'INITIATED' ? 'DUPLICATE' : 'IGNORED', status: current };
}

async function closeRequest(
  tx: Transaction,
  ctx: RequestContext,
  request: LockedRequest,
  status: 'FAILED' | 'EXPIRED',
  reason: string | null,
  at: Date,
  origin: string,
): Promise<void> {
  await tx
    .update(upiCollectRequests)
    .set({
      status,
      failureReason: reason,
      completedAt: status === 'FAILED' ? at : null,
      version: sql`${upiCollectRequests.version} + 1`,
    })
    .where(sql`${upiCollectRequests.id} = ${request.id} and ${upiCollectRequests.status} = 'INITIATED'`);
  await emitAudit(tx, ctx, {
    action: status === 'FAILED' ? 'payments.upi.fail' : 'payments.upi.expire',
    entity: 'upi_collect_request',
    entityId: Number(request.id),
    before: { status: request.status },
    after: { status, reason, origin },
  });
}

/**
 * The callback endpoint's work: the signature over the raw body first (401), the event (400 naming the field), then
 * the outcome applied once; every delivery is recorded in upi_callback_events with what it did.
 */
export async function receiveUpiCallback(
  deps: AppDeps,
  args: { rawBody: Buffer; headers: Record<string, string | string[] | undefined>; requestId: string; ip: string },
): Promise<CallbackOutcome> {
  const provider = paymentProviderOf(deps);
  const event: ProviderEvent = provider.verifyCallback(args.rawBody, args.headers);
  const ctx = providerContext(args.requestId, args.ip);
  const bodySha256 = createHash('sha256').update(args.rawBody).digest('hex');
  return withTransaction(deps.db, async (tx) => {
    const outcome = await applyProviderOutcome(deps, tx, ctx, event, 'callback');
    await tx.insert(upiCallbackEvents).values({
      txnId: event.txnId,
      eventId: event.eventId,
      status: event.status,
      outcome: outcome.outcome,
      bodySha256,
    });
    return outcome;
  });
}

// Without an app (demo seeding) the sandbox's callbacks reach this service directly, with the same checks.
setDirectCallbackTransport((deps) => async (rawBody, signature) => {
  try {
    await receiveUpiCallback(deps, {
      rawBody: Buffer.from(rawBody),
      headers: { 'x-upi-signature': signature },
      requestId: `upi-callback-${randomBytes(4).toString('hex')}`,
      ip: '127.0.0.1',
    });
    return 200;
  } catch (error) {
    return error instanceof AppError ? error.httpStatus : 500;
  }
});

/** Poller: requests still INITIATED, oldest first. */
export async function hasOpenUpiRequests(deps: AppDeps): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(
    deps.db,
    sql`select id from upi_collect_requests where status = 'INITIATED' limit 1`,
  );
  return rows.length > 0;
}

/**
 * The poller's round: asks the provider about every request still INITIATED (up to `limit`), applies a final
 * answer, and expires a request whose expiry has passed while the provider still has no answer (or does not know
 * it). A later SUCCESS callback still becomes a receipt (see applyProviderOutcome).
 */
export async function pollUpiRequests(
  deps: AppDeps,
  ctx: RequestContext,
  limit = 200,
): Promise<{ polled: number; applied: number; expired: number }> {
  const provider = paymentProviderOf(deps);
  const open = await selectRows<{ id: number | string; txn_id: string; expires_at: Date | string }>(
    deps.db,
    sql`select id, txn_id, expires_at from upi_collect_requests where status = 'INITIATED' order by id limit ${limit}`,
  );
  let applied = 0;
  let expired = 0;
  for (const request of open) {
    let answer: ProviderTransaction | null = null;
    try {
      answer = await provider.pollStatus(request.txn_id);
    } catch (error) {
      deps.log.warn({ err: error, txnId: request.txn_id }, 'UPI status poll failed');
    }
    const now = deps.clock.now();
    const outcome = await withTransaction(deps.db, async (tx) => {
      if (answer && answer.status !== 'INITIATED') return applyProviderOutcome(deps, tx, ctx, answer, 'poll');
      if (now.getTime() < new Date(request.expires_at).getTime()) return null;
      return applyProviderOutcome(
        deps,
        tx,
        ctx,
        {
          txnId: request.txn_id,
          providerTxnId: answer?.providerTxnId ?? '',
          status: 'EXPIRED',
          amountMinor: 0n,
          currency: '',
          rrn: null,
          completedAt: null,
          failureReason: 'Not paid before the expiry',
        },
        'poll',
      );
    });
    if (outcome?.outcome === 'APPLIED') {
      if (outcome.status === 'EXPIRED') expired += 1;
      else applied += 1;
    }
  }
  return { polled: open.length, applied, expired };
}

/** Demo and tests: the payer approves the collect in the sandbox PSP (which then calls back). */
export async function sandboxPayerAction(
  deps: AppDeps,
  args: { ctx: UnitContext; id: number; action: 'approve' | 'decline' },
): Promise<UpiRequest> {
  const sandbox = sandboxOf(deps);
  if (!sandbox) throw new AppError('NOT_FOUND', 'The sandbox payment provider is not running here.');
  const request = await requireUpiRequest(deps.db, args.ctx, args.id);
  if (args.action === 'approve') await sandbox.payerApprove(request.txnId);
  else await sandbox.payerDecline(request.txnId);
  return requireUpiRequest(deps.db, args.ctx, args.id);
}

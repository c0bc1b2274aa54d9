import { toCents } from '@recovery-desk/domain/money.ts';
import {
  ClosureError,
  closureFigures,
  type ClosureFigures,
  type ClosureStatement,
  type RefundPaidInput,
} from '@recovery-desk/domain/secured-assets/closure.ts';
import type { CaseFields } from '@recovery-desk/domain/workflow/case-fields.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, authorityMissing, validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { postReceiptInTx } from '../../receipts/index.ts';
import { actorAuthorities, requireAppAuthority, type EffectRun } from '../../workflow/index.ts';
import {
  accountOutstanding,
  findClosure,
  insertClosure,
  markRefundPaid,
  type ClosureRecord,
} from '../closure.repository.ts';
import {
  findApprovedWaiver,
  listPartialPayments,
  markWaiverWrittenOff,
  writeOffAccount,
  type WaiverRecord,
} from '../case-money.repository.ts';
import type { Executor } from '../../../db/transaction.ts';
import { securedCaseInScope } from './secured-case.ts';
import { REPO_APP, REPOSSESSION_CODE, SARFAESI_CODE } from '../secured-assets-constants.ts';

// Closing a repossession or SARFAESI case (§13(7), rule 15): the settleClosure effect of the closing step computes
// the figures from the case's sale amount and expenses and the account's outstanding, posts the applied proceeds to
// the account as a receipt (source SECURED_SALE, verified as every receipt is), and records the closure: the
// shortfall stays on the account, recoverable; a surplus is a refund DUE to the borrower until someone records it paid.

/** The stage whose authority closes the case, and records its refund, by workflow. */
const CLOSING_AUTHORITY: Record<string, string> = {
  [REPOSSESSION_CODE]: 'REPO_ASSET_CLOSE_SAUTH',
  [SARFAESI_CODE]: 'SARF_ASSET_CLOSE_SAUTH',
};

/** A date as staff read it in messages (DD-MM-YYYY). */
function shownDate(iso: string | null): string {
  return iso ? iso.split('-').reverse().join('-') : '';
}

function amountOf(fields: CaseFields, name: string): bigint {
  const value = fields[name];
  return typeof value === 'string' && value.trim() !== '' ? toCents(value) : 0n;
}

function figuresOf(fields: CaseFields, outstandingMinor: bigint, waiver: WaiverRecord | undefined): ClosureFigures {
  return closureFigures({
    closureType: String(fields.closureType ?? ''),
    proceedsMinor: amountOf(fields, 'saleAmount'),
    expensesMinor: amountOf(fields, 'saleExpenses'),
    outstandingMinor,
    waiverMinor: waiver?.amountMinor ?? 0n,
  });
}

/** The settleClosure effect: in the closing step's transaction; a figure that cannot be computed refuses the step. */
export async function settleClosure(run: EffectRun): Promise<void> {
  const fields = run.next.fields;
  const closureType = String(fields.closureType ?? '');
  const account = await accountOutstanding(run.tx, run.accountId, { forUpdate: true });
  const waiver = await findApprovedWaiver(run.tx, run.caseId, { forUpdate: true });
  let figures: ClosureFigures;
  try {
    figures = figuresOf(fields, account.outstandingMinor, waiver);
  } catch (error) {
    if (error instanceof ClosureError) throw validationError(`fields.${error.field}`, error.message);
    throw error;
  }
  let receiptId: number | null = null;
  if (figures.appliedMinor > 0n) {
    const reference = typeof fields.paymentReference === 'string' ? fields.paymentReference : run.caseNo;
    const receipt = await postReceiptInTx(
      run.tx,
      {
        accountId: run.accountId,
        mode: 'RTGS',
        amountMinor: figures.appliedMinor,
        currency: account.currency as 'INR' | 'USD',
        reference,
        instrument: { remarks: `Sale proceeds of case ${run.caseNo}` },
        receivedByUserId: run.ctx.user.id,
        receivedUnitId: run.ctx.actingUnit.id,
        source: 'SECURED_SALE',
        sourceRef: `case:${run.caseId}`,
      },
      run.ctx,
      { postingOrder: run.deps.config.receiptPostingOrder, at: run.deps.clock.now() },
    );
    receiptId = receipt.id;
  }
  // the approved waiver, up to what the proceeds left, comes off the account (charges, interest, then principal)
  let writtenOff: { charges: bigint; interest: bigint; principal: bigint } | null = null;
  if (waiver && figures.waivedMinor > 0n) {
    writtenOff = await writeOffAccount(run.tx, run.accountId, figures.waivedMinor);
    await markWaiverWrittenOff(run.tx, waiver.id, figures.waivedMinor);
  }
  const refundStatus = figures.surplusMinor > 0n ? 'DUE' : 'NONE';
  await insertClosure(run.tx, {
    caseId: run.caseId,
    accountId: run.accountId,
    closureType,
    currency: account.currency,
    outstandingMinor: account.outstandingMinor,
    proceedsMinor: closureType === 'SOLD' ? amountOf(fields, 'saleAmount') : 0n,
    expensesMinor: closureType === 'SOLD' ? amountOf(fields, 'saleExpenses') : 0n,
    appliedMinor: figures.appliedMinor,
    waivedMinor: figures.waivedMinor,
    waiverId: waiver?.id ?? null,
    shortfallMinor: figures.shortfallMinor,
    surplusMinor: figures.surplusMinor,
    receiptId,
    refundStatus,
    closedOn: run.businessDate,
    closedByUserId: run.ctx.user.id,
    actingUnitId: run.ctx.actingUnit.id,
    at: run.deps.clock.now(),
  });
  await emitAudit(run.tx, run.ctx, {
    action: 'secured_assets.closure',
    entity: 'case',
    entityId: run.caseId,
    after: {
      caseNo: run.caseNo,
      closureType,
      currency: account.currency,
      outstandingMinor: account.outstandingMinor.toString(),
      appliedMinor: figures.appliedMinor.toString(),
      waiverId: waiver?.id ?? null,
      waivedMinor: figures.waivedMinor.toString(),
      writtenOff: writtenOff
        ? {
            charges: writtenOff.charges.toString(),
            interest: writtenOff.interest.toString(),
            principal: writtenOff.principal.toString(),
          }
        : null,
      shortfallMinor: figures.shortfallMinor.toString(),
      surplusMinor: figures.surplusMinor.toString(),
      receiptId,
      refundStatus,
    },
  });
}

type CaseMoney = Pick<ClosureStatement, 'waiver' | 'partialPayments'>;

/** The case's approved waiver and its partial payments, as the statement shows them. */
async function caseMoney(db: Executor, caseId: number, waiver: WaiverRecord | undefined): Promise<CaseMoney> {
  const payments = await listPartialPayments(db, caseId);
  return {
    waiver: waiver
      ? {
          amountMinor: waiver.amountMinor.toString(),
          currency: waiver.currency as ClosureStatement['currency'],
          reason: waiver.reason,
          approvedOn: waiver.approvedOn,
          approvedBy: waiver.approvedBy,
          requestedBy: waiver.requestedBy,
        }
      : null,
    partialPayments: payments.map((payment) => ({
      receiptNo: payment.receiptNo,
      amountMinor: payment.amountMinor.toString(),
      currency: payment.currency as ClosureStatement['currency'],
      mode: payment.mode,
      receivedOn: payment.receivedOn,
      status: payment.status,
    })),
  };
}

function recorded(record: ClosureRecord, money: CaseMoney): ClosureStatement {
  return {
    ...money,
    caseId: record.caseId,
    state: 'RECORDED',
    closureType: record.closureType,
    currency: record.currency as ClosureStatement['currency'],
    outstandingMinor: record.outstandingMinor.toString(),
    proceedsMinor: record.proceedsMinor.toString(),
    expensesMinor: record.expensesMinor.toString(),
    netProceedsMinor: (record.proceedsMinor - record.expensesMinor).toString(),
    appliedMinor: record.appliedMinor.toString(),
    waivedMinor: record.waivedMinor.toString(),
    shortfallMinor: record.shortfallMinor.toString(),
    surplusMinor: record.surplusMinor.toString(),
    receiptNo: record.receiptNo,
    refundStatus: record.refundStatus,
    refundPaidOn: record.refundPaidOn,
    refundReference: record.refundReference,
    closedOn: record.closedOn,
    problem: null,
  };
}

/**
 * GET /api/secured-assets/cases/:caseId/closure — a closed case's recorded closure; an open case's preview (what
 * closing it now would post, from its sale amount and expenses and the account's outstanding today).
 */
export async function getClosureStatement(
  deps: AppDeps,
  { ctx, caseId }: { ctx: UnitContext; caseId: number },
): Promise<ClosureStatement> {
  const record = await securedCaseInScope(deps.db, ctx, caseId);
  requireAppAuthority({ app: REPO_APP }, await actorAuthorities(deps.db, ctx, REPO_APP));
  const closure = await findClosure(deps.db, caseId);
  const waiver = await findApprovedWaiver(deps.db, caseId);
  const money = await caseMoney(deps.db, caseId, waiver);
  if (closure) return recorded(closure, money);
  const account = await accountOutstanding(deps.db, record.accountId);
  const closureType = typeof record.fields.closureType === 'string' ? record.fields.closureType : null;
  const base = {
    ...money,
    caseId,
    state: 'PREVIEW' as const,
    closureType,
    currency: account.currency as ClosureStatement['currency'],
    outstandingMinor: account.outstandingMinor.toString(),
    receiptNo: null,
    refundPaidOn: null,
    refundReference: null,
    closedOn: null,
  };
  const sold = closureType === 'SOLD';
  const proceeds = sold ? amountOf(record.fields, 'saleAmount') : 0n;
  const expenses = sold ? amountOf(record.fields, 'saleExpenses') : 0n;
  try {
    const figures = figuresOf(record.fields, account.outstandingMinor, waiver);
    return {
      ...base,
      proceedsMinor: proceeds.toString(),
      expensesMinor: expenses.toString(),
      netProceedsMinor: figures.netProceedsMinor.toString(),
      appliedMinor: figures.appliedMinor.toString(),
      waivedMinor: figures.waivedMinor.toString(),
      shortfallMinor: figures.shortfallMinor.toString(),
      surplusMinor: figures.surplusMinor.toString(),
      refundStatus: figures.surplusMinor > 0n ? 'DUE' : 'NONE',
      problem: null,
    };
  } catch (error) {
    if (!(error instanceof ClosureError)) throw error;
    return {
      ...base,
      proceedsMinor: proceeds.toString(),
      expensesMinor: expenses.toString(),
      netProceedsMinor: '0',
      appliedMinor: '0',
      waivedMinor: '0',
      shortfallMinor: account.outstandingMinor.toString(),
      surplusMinor: '0',
      refundStatus: 'NONE',
      problem: { field: error.field, message: error.message },
    };
  }
}

/**
 * POST /api/secured-assets/cases/:caseId/closure/refund — the surplus of a closed case was paid to the borrower.
 * Needs the closing stage's authority; only a DUE refund; not dated after the business date nor before the closure.
 */
export async function recordRefundPaid(
  deps: AppDeps,
  { ctx, caseId, input }: { ctx: UnitContext; caseId: number; input: RefundPaidInput },
): Promise<ClosureStatement> {
  const record = await securedCaseInScope(deps.db, ctx, caseId);
  const authority = CLOSING_AUTHORITY[record.definitionCode]!;
  const authorities = await actorAuthorities(deps.db, ctx, REPO_APP);
  if (!authorities.includes(authority)) {
    throw authorityMissing(authority, REPO_APP, 'You cannot record the refund of this case.');
  }
  await withTransaction(deps.db, async (tx) => {
    const closure = await findClosure(tx, caseId, { forUpdate: true });
    if (!closure)
      throw new AppError('ACTION_NOT_ALLOWED', `Case ${record.caseNo} is not closed yet: it has no refund to record.`);
    if (closure.refundStatus === 'NONE') {
      throw new AppError(
        'ACTION_NOT_ALLOWED',
        `Case ${record.caseNo} closed with no surplus: there is no refund to record.`,
      );
    }
    if (closure.refundStatus === 'PAID') {
      throw new AppError(
        'ALREADY_DECIDED',
        `The refund of case ${record.caseNo} was already recorded as paid on ${shownDate(closure.refundPaidOn)} (${closure.refundReference}).`,
      );
    }
    const businessDate = await requireBusinessDate(tx);
    if (input.paidOn > businessDate) throw validationError('paidOn', 'cannot be after the business date');
    if (input.paidOn < closure.closedOn) throw validationError('paidOn', 'cannot be before the case closed');
    await markRefundPaid(tx, { caseId, paidOn: input.paidOn, reference: input.reference, userId: ctx.user.id });
    await emitAudit(tx, ctx, {
      action: 'secured_assets.refund_paid',
      entity: 'case',
      entityId: caseId,
      before: { refundStatus: closure.refundStatus },
      after: {
        refundStatus: 'PAID',
        paidOn: input.paidOn,
        reference: input.reference,
        surplusMinor: closure.surplusMinor.toString(),
      },
    });
  });
  return recorded(
    (await findClosure(deps.db, caseId))!,
    await caseMoney(deps.db, caseId, await findApprovedWaiver(deps.db, caseId)),
  );
}

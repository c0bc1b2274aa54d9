import { SETTLEMENT_FLOW } from '@recovery-desk/domain/approvals/flows/settlement.ts';
import { minorToDecimal } from '@recovery-desk/domain/settlements/arithmetic.ts';
import type { SettlementInitiateInput } from '@recovery-desk/domain/settlements/contracts.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import type { Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requestApprovalInTx, type ApprovalHandler } from '../../approvals/index.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { SETTLEMENT_APPROVAL_HANDLER } from '../settlement-approval-handler.ts';
import { findAccount, insertSettlement, replaceInstalments } from '../settlements.repository.ts';
import { computeTerms, requestPayload, termColumns } from './terms.ts';

const ONE_LIVE_INDEX = 'settlements_one_live_uq';

/** A unique violation of "one live settlement per account" (a parallel initiation won), on either driver. */
function isOneLiveConflict(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (candidate.code === '23505') {
      return (
        candidate.constraint === ONE_LIVE_INDEX ||
        (typeof candidate.message === 'string' && candidate.message.includes(ONE_LIVE_INDEX))
      );
    }
    if (typeof current !== 'object') break;
  }
  return false;
}

function alreadyLive(): AppError {
  return new AppError(
    'NOT_ELIGIBLE',
    'This account already has a settlement waiting for approval or being paid; it cannot have a second one.',
  );
}

/**
 * A maker's settlement, inside the caller's transaction (the idempotency helper's): the account must lie in the
 * acting unit's subtree (404 otherwise) and have no live settlement (409); the terms are checked against its dues
 * (400 naming each field); the settlement, its schedule and its approval request (at the level the matrix requires)
 * are written with the request's audit row, all in this transaction. Returns the settlement id.
 */
export async function initiateSettlementInTx(
  tx: Transaction,
  deps: AppDeps,
  ctx: UnitContext,
  input: SettlementInitiateInput,
): Promise<number> {
  const account = await findAccount(tx, input.accountId, { lock: true });
  if (!account || !account.unitPath.startsWith(ctx.actingUnit.path)) {
    throw new AppError('NOT_FOUND', 'Account not found');
  }
  if (account.settlementStatus === 'SETTLED') {
    throw new AppError('NOT_ELIGIBLE', 'This account is already closed as settled.');
  }
  const businessDate = await requireBusinessDate(tx);
  const terms = computeTerms(account, input, businessDate, deps.config.settlementMatrix);
  const at = deps.clock.now();
  let settlementId: number;
  try {
    // A savepoint, so a lost race on the one-live index is a 409 without aborting the caller's transaction.
    settlementId = await tx.transaction(async (inner) =>
      insertSettlement(inner, {
        accountId: account.id,
        unitPath: account.unitPath,
        currency: account.currency,
        ...termColumns(terms),
        initiatedByUserId: ctx.user.id,
        initiatedUnitId: ctx.actingUnit.id,
        initiatedOn: businessDate,
        createdAt: at,
        updatedAt: at,
      }),
    );
  } catch (error) {
    if (isOneLiveConflict(error)) throw alreadyLive();
    throw error;
  }
  await replaceInstalments(tx, { settlementId, currency: account.currency, instalments: terms.instalments });
  await requestApprovalInTx(tx, ctx, SETTLEMENT_APPROVAL_HANDLER as ApprovalHandler<never>, {
    subjectId: settlementId,
    unitPath: account.unitPath,
    maker: { userId: ctx.user.id, unitId: ctx.actingUnit.id },
    amount: minorToDecimal(terms.split.totalPayable),
    currency: account.currency,
    payload: requestPayload(account, terms),
    remarks: terms.remarks,
    level: terms.level.level,
    at,
  });
  await emitAudit(tx, ctx, {
    action: 'collections.settlement.initiate',
    entity: 'settlement',
    entityId: settlementId,
    after: {
      accountId: account.id,
      currency: account.currency,
      totalOutstanding: minorToDecimal(terms.split.totalOutstanding),
      totalPayable: minorToDecimal(terms.split.totalPayable),
      waiver: {
        principal: minorToDecimal(terms.split.waiver.principal),
        interest: minorToDecimal(terms.split.waiver.interest),
        charges: minorToDecimal(terms.split.waiver.charges),
      },
      waiverBasisPoints: terms.split.waiverBasisPoints,
      requiredLevel: terms.level.level,
      levelReason: terms.level.reason,
      restructuring: terms.restructuring,
      instalments: terms.instalments.map((item) => ({
        dueDate: item.dueDate,
        amount: minorToDecimal(item.amountMinor),
      })),
    },
  });
  return settlementId;
}

export { SETTLEMENT_FLOW };

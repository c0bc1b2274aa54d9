import type { SettlementDecision, SettlementResubmitInput } from '@recovery-desk/domain/settlements/contracts.ts';
import { minorToDecimal } from '@recovery-desk/domain/settlements/arithmetic.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { decideApproval, resubmitApproval } from '../../approvals/index.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { SETTLEMENT_APPROVAL_HANDLER } from '../settlement-approval-handler.ts';
import { findAccount, findApprovalRequest } from '../settlements.repository.ts';
import { requireSettlement } from './read-settlements.ts';
import { computeTerms, requestPayload } from './terms.ts';

/**
 * A checker's decision on a settlement, through the approval kit: scope (404 outside the subtree), maker ≠ checker
 * (403), the level the request waits at (the checker acts at that organisational level or above, 403), one
 * conditional UPDATE on the settlement's version (409 stale / decided), the effect, history and audit.
 */
export async function decideSettlement(
  deps: AppDeps,
  input: { ctx: UnitContext; id: number; decision: SettlementDecision; version: number; remarks?: string | undefined },
): Promise<void> {
  await requireSettlement(deps.db, input.ctx, input.id);
  await decideApproval(deps, {
    ctx: input.ctx,
    handler: SETTLEMENT_APPROVAL_HANDLER,
    by: { subjectId: input.id },
    decision: input.decision,
    version: input.version,
    remarks: input.remarks ?? null,
    input: undefined,
  });
}

/**
 * The maker's answer to a pushback: new terms, checked against the account's dues as they are now, waiting again at
 * the level they require. Only the maker resubmits (403 NOT_THE_MAKER).
 */
export async function resubmitSettlement(
  deps: AppDeps,
  input: { ctx: UnitContext; id: number; body: SettlementResubmitInput },
): Promise<void> {
  const { ctx, id, body } = input;
  const record = await requireSettlement(deps.db, ctx, id);
  const account = await findAccount(deps.db, record.accountId);
  const request = await findApprovalRequest(deps.db, id);
  if (!account || !request) throw new AppError('NOT_FOUND', 'Settlement not found');
  const terms = computeTerms(account, body, await requireBusinessDate(deps.db), deps.config.settlementMatrix);
  await resubmitApproval(deps, {
    ctx,
    handler: SETTLEMENT_APPROVAL_HANDLER,
    id: request.id,
    version: body.version,
    remarks: body.remarks ?? null,
    amount: minorToDecimal(terms.split.totalPayable),
    payload: requestPayload(account, terms),
    level: terms.level.level,
    input: { terms },
  });
}

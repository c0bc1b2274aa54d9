import type { ReallocationRequestRow } from '@recovery-desk/domain/collections/contracts.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { allocateAccounts } from '../casework.repository.ts';
import { decideRequestIfPending, findRequestInScope, listRequestAccountIds } from '../reallocation.repository.ts';
import { findTrayRow } from '../trays.repository.ts';
import { lockAllocatableAccounts } from './allocate-accounts.ts';
import { decisionConflict, makerCannotCheck } from './decision-conflict.ts';
import { requireAssigneeReach } from './tray-access.ts';

export type Decision = 'approve' | 'reject';
export type DecisionInput = { version: number; remarks?: string | undefined };

/**
 * POST /api/collections/reallocation-requests/:id/approve | reject — the checker's decision. The maker cannot
 * check; the request must come from the checker's subtree (else 404). One conditional UPDATE decides, so N
 * parallel decisions give exactly one success (the others: 409 ALREADY_DECIDED or STALE_VERSION). Approval moves
 * the accounts (allocation kind REALLOCATION) in the same transaction.
 */
export async function decideReallocation(
  deps: AppDeps,
  {
    ctx,
    requestId,
    decision,
    input,
  }: { ctx: UnitContext; requestId: number; decision: Decision; input: DecisionInput },
): Promise<ReallocationRequestRow> {
  const request = await findRequestInScope(deps.db, { id: requestId, unitPath: ctx.actingUnit.path });
  if (!request) throw new AppError('NOT_FOUND', 'Re-allocation request not found');
  if (request.makerUserId === ctx.user.id) throw makerCannotCheck('a re-allocation request');
  const at = deps.clock.now();

  await withTransaction(deps.db, async (tx) => {
    const decided = await decideRequestIfPending(tx, {
      id: requestId,
      version: input.version,
      checkerUserId: ctx.user.id,
      status: decision === 'approve' ? 'APPROVED' : 'REJECTED',
      remarks: input.remarks ?? null,
      at,
    });
    if (!decided) {
      throw decisionConflict(await findRequestInScope(tx, { id: requestId, unitPath: ctx.actingUnit.path }), {
        version: input.version,
        openStatus: 'PENDING',
        what: 'Re-allocation request',
      });
    }
    const accountIds = await listRequestAccountIds(tx, requestId);
    if (decision === 'approve') {
      // A hold started after the request was made still stops the move (the whole decision rolls back).
      await lockAllocatableAccounts(tx, ctx, accountIds);
      await requireAssigneeReach(tx, { userId: decided.toUserId, agencyId: decided.toAgencyId }, accountIds);
      await allocateAccounts(tx, {
        accountIds,
        userId: decided.toUserId,
        agencyId: decided.toAgencyId,
        byUserId: ctx.user.id,
        kind: 'REALLOCATION',
        reason: decided.reason,
        at,
      });
    }
    await emitAudit(tx, ctx, {
      action: decision === 'approve' ? 'collections.reallocation.approve' : 'collections.reallocation.reject',
      entity: 'reallocation_request',
      entityId: requestId,
      before: { status: request.status, version: input.version },
      after: { status: decided.status, version: decided.version, accountIds, remarks: input.remarks ?? null },
    });
  });
  const row = await findTrayRow(deps.db, 'reallocationRequest', requestId);
  if (!row) throw new Error(`reallocation request ${requestId} vanished`);
  return row;
}

import type { ReallocationRequestRow } from '@recovery-desk/domain/collections/contracts.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { decideApproval } from '../../approvals/index.ts';
import { REALLOCATION_HANDLER } from '../approval-handlers.ts';
import { findTrayRow } from '../trays.repository.ts';

export type Decision = 'approve' | 'reject';
export type DecisionInput = { version: number; remarks?: string | undefined };

/**
 * POST /api/collections/reallocation-requests/:id/approve | reject — the checker's decision, through the approval
 * kit (scope, maker ≠ checker, one conditional UPDATE, history, audit). Approval moves the accounts in the same
 * transaction (REALLOCATION_HANDLER). Replies with the request's tray row.
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
  await decideApproval(deps, {
    ctx,
    handler: REALLOCATION_HANDLER,
    by: { subjectId: requestId },
    decision,
    version: input.version,
    remarks: input.remarks,
    input: undefined,
  });
  const row = await findTrayRow(deps.db, 'reallocationRequest', requestId, deps.trayNames);
  if (!row) throw new Error(`reallocation request ${requestId} vanished`);
  return row;
}

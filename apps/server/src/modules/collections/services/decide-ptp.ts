import type { PtpRow } from '@recovery-desk/domain/collections/contracts.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { decideApproval } from '../../approvals/index.ts';
import { PTP_DEVIATION_HANDLER } from '../approval-handlers.ts';
import { findPtpInScope, referPtpIfVersion, REFERABLE_STATUSES } from '../ptps.repository.ts';
import { findTrayRow } from '../trays.repository.ts';
import { FIELD_COLLECTOR_AUTHORITIES, requireAssigneeReach, resolveAssignee } from './tray-access.ts';

const PTP_NOT_FOUND = 'PTP not found';

async function ptpRow(deps: AppDeps, ptpId: number): Promise<PtpRow> {
  const row = await findTrayRow(deps.db, 'ptp', ptpId, deps.trayNames);
  if (!row) throw new Error(`ptp ${ptpId} vanished`);
  return row;
}

/**
 * POST /api/collections/ptps/:id/approve | reject — a supervisor decides a PTP outside policy, through the approval
 * kit: the capturer cannot decide their own; above the supervisor's delegation limit an approval moves the deviation
 * to a second supervisor; rejecting an open promise cancels it. A PTP within policy has nothing to decide (409).
 */
export async function decidePtpDeviation(
  deps: AppDeps,
  {
    ctx,
    ptpId,
    approve,
    input,
  }: { ctx: UnitContext; ptpId: number; approve: boolean; input: { version: number; remarks?: string | undefined } },
): Promise<PtpRow> {
  await decideApproval(deps, {
    ctx,
    handler: PTP_DEVIATION_HANDLER,
    by: { subjectId: ptpId },
    decision: approve ? 'approve' : 'reject',
    version: input.version,
    remarks: input.remarks,
    input: undefined,
  });
  return ptpRow(deps, ptpId);
}

/**
 * POST /api/collections/ptps/:id/refer — refers a broken or partial PTP of the subtree to a field collector
 * (a user holding FIELD_COLLECTOR_SAUTH in the subtree). Conditional on the version read.
 */
export async function referPtp(
  deps: AppDeps,
  { ctx, ptpId, input }: { ctx: UnitContext; ptpId: number; input: { version: number; toUserId: number } },
): Promise<PtpRow> {
  const ptp = await findPtpInScope(deps.db, { id: ptpId, unitPath: ctx.actingUnit.path });
  if (!ptp) throw new AppError('NOT_FOUND', PTP_NOT_FOUND);
  if (!(REFERABLE_STATUSES as readonly string[]).includes(ptp.status)) {
    throw new AppError('PTP_NOT_REFERABLE', `Only broken or partial PTPs are referred; this one is ${ptp.status}.`);
  }
  const collector = await resolveAssignee(deps.db, ctx, { toUserId: input.toUserId }, FIELD_COLLECTOR_AUTHORITIES);
  await requireAssigneeReach(
    deps.db,
    { userId: collector.userId, agencyId: null },
    [ptp.accountId],
    FIELD_COLLECTOR_AUTHORITIES,
  );

  await withTransaction(deps.db, async (tx) => {
    const referred = await referPtpIfVersion(tx, { id: ptpId, version: input.version, toUserId: input.toUserId });
    if (!referred) {
      const current = await findPtpInScope(tx, { id: ptpId, unitPath: ctx.actingUnit.path });
      if (current && !(REFERABLE_STATUSES as readonly string[]).includes(current.status)) {
        throw new AppError(
          'PTP_NOT_REFERABLE',
          `Only broken or partial PTPs are referred; this one is ${current.status}.`,
        );
      }
      throw new AppError('STALE_VERSION', 'This PTP changed since you opened it. Reload and try again.');
    }
    await emitAudit(tx, ctx, {
      action: 'collections.ptp.refer',
      entity: 'ptp',
      entityId: ptpId,
      before: { version: input.version },
      after: { referredToUserId: collector.userId, referredTo: collector.name, version: referred.version },
    });
  });
  return ptpRow(deps, ptpId);
}

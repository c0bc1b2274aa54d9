import type { PtpRow } from '@recovery-desk/domain/collections/contracts.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { decideDeviationIfPending, findPtpInScope, referPtpIfVersion, REFERABLE_STATUSES } from '../ptps.repository.ts';
import { findTrayRow } from '../trays.repository.ts';
import { decisionConflict, makerCannotCheck } from './decision-conflict.ts';
import { FIELD_COLLECTOR_AUTHORITIES, requireAssigneeReach, resolveAssignee } from './tray-access.ts';

const PTP_NOT_FOUND = 'PTP not found';

async function ptpRow(deps: AppDeps, ptpId: number): Promise<PtpRow> {
  const row = await findTrayRow(deps.db, 'ptp', ptpId);
  if (!row) throw new Error(`ptp ${ptpId} vanished`);
  return row;
}

/**
 * POST /api/collections/ptps/:id/approve | reject — a supervisor decides a PTP outside policy. The capturer
 * cannot decide their own; one conditional UPDATE on the pending deviation and version decides; rejecting an open
 * promise cancels it.
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
  const ptp = await findPtpInScope(deps.db, { id: ptpId, unitPath: ctx.actingUnit.path });
  if (!ptp) throw new AppError('NOT_FOUND', PTP_NOT_FOUND);
  if (ptp.capturedByUserId === ctx.user.id) throw makerCannotCheck('a PTP deviation on a promise');
  const at = deps.clock.now();

  await withTransaction(deps.db, async (tx) => {
    const decided = await decideDeviationIfPending(tx, {
      id: ptpId,
      version: input.version,
      reviewerUserId: ctx.user.id,
      approve,
      remarks: input.remarks ?? null,
      at,
    });
    if (!decided) {
      const current = await findPtpInScope(tx, { id: ptpId, unitPath: ctx.actingUnit.path });
      throw decisionConflict(
        current && {
          status: current.status === 'CANCELLED' ? 'CANCELLED' : current.deviationStatus,
          version: current.version,
        },
        { version: input.version, openStatus: 'PENDING', what: 'PTP deviation' },
      );
    }
    await emitAudit(tx, ctx, {
      action: approve ? 'collections.ptp_deviation.approve' : 'collections.ptp_deviation.reject',
      entity: 'ptp',
      entityId: ptpId,
      before: { status: ptp.status, deviationStatus: ptp.deviationStatus, version: input.version },
      after: {
        status: decided.status,
        deviationStatus: decided.deviationStatus,
        version: decided.version,
        remarks: input.remarks ?? null,
      },
    });
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

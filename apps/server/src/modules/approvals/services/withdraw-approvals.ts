import { emitAudit } from '../../../audit/emit-audit.ts';
import type { Transaction } from '../../../db/transaction.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import type { ApprovalHandler } from '../approval-handler.ts';
import { insertEvent, withdrawOpenRequests } from '../approvals.repository.ts';

/**
 * Ends the open requests of subjects that went away (a PTP replaced by a new promise), inside the caller's
 * transaction: status WITHDRAWN, a WITHDRAW history step and an audit row each. A later decision answers 409
 * ALREADY_DECIDED. Returns the ids of the requests it ended.
 */
export async function withdrawApprovalsInTx(
  tx: Transaction,
  ctx: UnitContext,
  handler: ApprovalHandler<never>,
  input: { subjectIds: readonly number[]; remarks: string; at: Date },
): Promise<number[]> {
  const { flow } = handler;
  const withdrawn = await withdrawOpenRequests(tx, {
    flowCode: flow.code,
    subjectType: flow.subject,
    subjectIds: input.subjectIds,
    remarks: input.remarks,
    at: input.at,
  });
  for (const request of withdrawn) {
    await insertEvent(tx, {
      requestId: request.id,
      action: 'WITHDRAW',
      fromStatus: 'PENDING',
      toStatus: 'WITHDRAWN',
      fromLevel: request.level,
      toLevel: request.level,
      actorUserId: ctx.user.id,
      actingUnitId: ctx.actingUnit.id,
      remarks: input.remarks,
      requestVersion: request.version,
      createdAt: input.at,
    });
    await emitAudit(tx, ctx, {
      action: `${flow.audit.prefix}.withdraw`,
      entity: flow.audit.entity,
      entityId: request.subjectId,
      after: { approvalRequestId: request.id, status: 'WITHDRAWN', remarks: input.remarks },
    });
  }
  return withdrawn.map((request) => request.id);
}

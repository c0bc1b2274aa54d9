import type { EscalationRow } from '@recovery-desk/domain/collections/contracts.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { allocateAccounts } from '../casework.repository.ts';
import { decideEscalationIfOpen, findEscalationInScope } from '../escalations.repository.ts';
import { findTrayRow } from '../trays.repository.ts';
import { lockAllocatableAccounts } from './allocate-accounts.ts';
import { decisionConflict, makerCannotCheck } from './decision-conflict.ts';
import { requireAssigneeReach, resolveAssignee, type AssigneeChoice } from './tray-access.ts';

export type EscalationDecision =
  | { kind: 'approve' | 'reject'; version: number; remarks?: string | undefined }
  | ({ kind: 'reallocate'; version: number; remarks?: string | undefined } & AssigneeChoice);

const STATUS = { approve: 'APPROVED', reject: 'REJECTED', reallocate: 'REALLOCATED' } as const;

/**
 * POST /api/collections/escalations/:id/approve | reject | reallocate — decides an OPEN escalation of the
 * subtree (another unit's answers 404). The user who raised it cannot decide it. One conditional UPDATE on
 * status and version decides; reallocate also moves the account (allocation kind ESCALATION; not when held).
 */
export async function decideEscalation(
  deps: AppDeps,
  { ctx, escalationId, decision }: { ctx: UnitContext; escalationId: number; decision: EscalationDecision },
): Promise<EscalationRow> {
  const escalation = await findEscalationInScope(deps.db, { id: escalationId, unitPath: ctx.actingUnit.path });
  if (!escalation) throw new AppError('NOT_FOUND', 'Escalation not found');
  if (escalation.raisedByUserId === ctx.user.id) throw makerCannotCheck('an escalation');
  const assignee = decision.kind === 'reallocate' ? await resolveAssignee(deps.db, ctx, decision) : null;
  const at = deps.clock.now();

  await withTransaction(deps.db, async (tx) => {
    const decided = await decideEscalationIfOpen(tx, {
      id: escalationId,
      version: decision.version,
      deciderUserId: ctx.user.id,
      status: STATUS[decision.kind],
      remarks: decision.remarks ?? null,
      at,
    });
    if (!decided) {
      throw decisionConflict(await findEscalationInScope(tx, { id: escalationId, unitPath: ctx.actingUnit.path }), {
        version: decision.version,
        openStatus: 'OPEN',
        what: 'Escalation',
      });
    }
    if (assignee) {
      await lockAllocatableAccounts(tx, ctx, [escalation.accountId]);
      await requireAssigneeReach(tx, assignee, [escalation.accountId]);
      await allocateAccounts(tx, {
        accountIds: [escalation.accountId],
        userId: assignee.userId,
        agencyId: assignee.agencyId,
        byUserId: ctx.user.id,
        kind: 'ESCALATION',
        reason: decision.remarks ?? `Escalation ${escalationId}`,
        at,
      });
    }
    await emitAudit(tx, ctx, {
      action: `collections.escalation.${decision.kind}`,
      entity: 'escalation',
      entityId: escalationId,
      before: { status: escalation.status, version: decision.version },
      after: {
        status: decided.status,
        version: decided.version,
        accountId: escalation.accountId,
        remarks: decision.remarks ?? null,
        ...(assignee ? { toUserId: assignee.userId, toAgencyId: assignee.agencyId } : {}),
      },
    });
  });
  const row = await findTrayRow(deps.db, 'escalation', escalationId);
  if (!row) throw new Error(`escalation ${escalationId} vanished`);
  return row;
}

import type { EscalationRow } from '@recovery-desk/domain/collections/contracts.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { decideApproval } from '../../approvals/index.ts';
import { ESCALATION_HANDLER } from '../approval-handlers.ts';
import { findTrayRow } from '../trays.repository.ts';
import { resolveAssignee, type AssigneeChoice } from './tray-access.ts';

export type EscalationDecision =
  | { kind: 'approve' | 'reject'; version: number; remarks?: string | undefined }
  | ({ kind: 'reallocate'; version: number; remarks?: string | undefined } & AssigneeChoice);

/**
 * POST /api/collections/escalations/:id/approve | reject | reallocate — decides an OPEN escalation of the subtree
 * through the approval kit (another unit's answers 404; its raiser cannot decide it). reallocate also moves the
 * account (allocation kind ESCALATION; not when held). Replies with the escalation's tray row.
 */
export async function decideEscalation(
  deps: AppDeps,
  { ctx, escalationId, decision }: { ctx: UnitContext; escalationId: number; decision: EscalationDecision },
): Promise<EscalationRow> {
  const assignee = decision.kind === 'reallocate' ? await resolveAssignee(deps.db, ctx, decision) : null;
  await decideApproval(deps, {
    ctx,
    handler: ESCALATION_HANDLER,
    by: { subjectId: escalationId },
    decision: decision.kind,
    version: decision.version,
    remarks: decision.remarks,
    input: { assignee },
  });
  const row = await findTrayRow(deps.db, 'escalation', escalationId, deps.trayNames);
  if (!row) throw new Error(`escalation ${escalationId} vanished`);
  return row;
}

import type { ApprovalRequestReply } from '@recovery-desk/domain/approvals/contracts.ts';
import { flowAuthorities } from '@recovery-desk/domain/approvals/flow.ts';
import type { Executor } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import { isoTimestamp, isoTimestampOrNull } from '../../../db/sql-rows.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import type { ApprovalHandler } from '../approval-handler.ts';
import { findRequestInScope, holdsAuthority, listEvents, type ApprovalRecord } from '../approvals.repository.ts';
import { notFound } from './refusals.ts';

/** A request as the kit's routes answer it, with its history. */
export async function approvalReply(
  db: Executor,
  handler: ApprovalHandler<never>,
  request: ApprovalRecord,
): Promise<ApprovalRequestReply> {
  const events = await listEvents(db, request.id);
  return {
    id: request.id,
    flowCode: request.flowCode,
    subjectType: request.subjectType,
    subjectId: request.subjectId,
    status: request.status,
    level: request.level,
    levels: handler.flow.levels.length,
    decision: request.decision,
    makerUserId: request.makerUserId,
    amount: request.amount,
    currency: request.currency,
    payload: request.payload,
    remarks: request.remarks,
    version: request.version,
    createdAt: isoTimestamp(request.createdAt),
    decidedAt: isoTimestampOrNull(request.decidedAt),
    history: events.map((event) => ({ ...event, at: isoTimestamp(event.at) })),
  };
}

/**
 * GET /api/approvals/<flow>/requests/:id — a request of the acting unit's subtree (404 otherwise) with its history,
 * for a user holding the flow's maker or checker authority in the acting unit (403 otherwise).
 */
export async function getApproval(
  db: Executor,
  { ctx, handler, id }: { ctx: UnitContext; handler: ApprovalHandler<never>; id: number },
): Promise<ApprovalRequestReply> {
  const { flow } = handler;
  const allowed = await holdsAuthority(db, {
    userId: ctx.user.id,
    unitId: ctx.actingUnit.id,
    app: flow.app,
    authorities: [...flowAuthorities(flow)],
  });
  if (!allowed) {
    throw new AppError(
      'AUTHORITY_MISSING',
      `You hold no authority of the ${flow.texts.name.toLowerCase()} flow in this unit.`,
    );
  }
  const request = await findRequestInScope(db, handler, { by: { id }, unitPath: ctx.actingUnit.path });
  if (!request) throw notFound(flow);
  return approvalReply(db, handler, request);
}

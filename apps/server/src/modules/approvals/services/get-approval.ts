import type {
  ApprovalListPage,
  ApprovalListQuery,
  ApprovalRequestReply,
} from '@recovery-desk/domain/approvals/contracts.ts';
import { flowAuthorities, type ApprovalFlow } from '@recovery-desk/domain/approvals/flow.ts';
import type { Executor } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import { isoTimestamp, isoTimestampOrNull } from '../../../db/sql-rows.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import type { ApprovalHandler } from '../approval-handler.ts';
import {
  findRequestInScope,
  holdsAuthority,
  listEvents,
  listRequests,
  type ApprovalRecord,
} from '../approvals.repository.ts';
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

async function requireFlowAuthority(db: Executor, ctx: UnitContext, flow: ApprovalFlow): Promise<void> {
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
}

/**
 * GET /api/approvals/<flow>/requests — a page of the flow's requests in a tab, of the acting unit's subtree (team)
 * or made by the caller (my), with the count of every tab; for the flow's maker or checker authority.
 */
export async function listApprovals(
  db: Executor,
  { ctx, handler, query }: { ctx: UnitContext; handler: ApprovalHandler<never>; query: ApprovalListQuery },
): Promise<ApprovalListPage> {
  const { flow } = handler;
  await requireFlowAuthority(db, ctx, flow);
  const { rows, tabCounts } = await listRequests(db, {
    flowCode: flow.code,
    unitPath: ctx.actingUnit.path,
    makerUserId: query.view === 'my' ? ctx.user.id : null,
    tab: query.tab,
    page: query.page,
    pageSize: query.pageSize,
  });
  const labels = handler.subjectLabels
    ? await handler.subjectLabels(
        db,
        rows.map((row) => row.subjectId),
      )
    : new Map<number, string>();
  return {
    data: rows.map((row) => ({
      id: row.id,
      flowCode: row.flowCode,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      status: row.status,
      level: row.level,
      levels: flow.levels.length,
      decision: row.decision,
      makerUserId: row.makerUserId,
      makerName: row.makerName,
      subjectLabel: labels.get(row.subjectId) ?? null,
      amount: row.amount,
      currency: row.currency,
      payload: row.payload,
      remarks: row.remarks,
      version: row.version,
      createdAt: isoTimestamp(row.createdAt),
      decidedAt: isoTimestampOrNull(row.decidedAt),
    })),
    count: tabCounts[query.tab],
    page: query.page,
    pageSize: query.pageSize,
    tabCounts,
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
  await requireFlowAuthority(db, ctx, flow);
  const request = await findRequestInScope(db, handler, { by: { id }, unitPath: ctx.actingUnit.path });
  if (!request) throw notFound(flow);
  return approvalReply(db, handler, request);
}

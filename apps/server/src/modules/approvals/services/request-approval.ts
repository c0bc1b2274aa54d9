import { toCents } from '@recovery-desk/domain/money.ts';
import type { ApprovalRequestInput } from '@recovery-desk/domain/approvals/contracts.ts';
import type { ApprovalFlow } from '@recovery-desk/domain/approvals/flow.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction, type Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { RequestContext, UnitContext } from '../../../http/request-context.ts';
import { issueFields } from '../../../http/zod-issues.ts';
import type { ApprovalHandler } from '../approval-handler.ts';
import { findRequestInScope, insertEvent, insertRequest, type ApprovalRecord } from '../approvals.repository.ts';
import { notFound } from './refusals.ts';

export type NewApproval = {
  subjectId: number;
  /** the scope of the request (the subject's unit path, or the maker's for a request about many accounts) */
  unitPath: string;
  /** null: raised by the system (day start), so any checker may decide it */
  maker: { userId: number; unitId: number } | null;
  amount?: string | null;
  currency?: string | null;
  payload?: Record<string, unknown>;
  remarks?: string | null;
  /**
   * The level the request starts at (default 1): a flow whose levels are a ladder of delegation (settlement: branch
   * → board) starts where its rules say, and the levels below it never see it.
   */
  level?: number;
  at: Date;
};

const OPEN_REQUEST_INDEX = 'approval_requests_one_open_uq';

function alreadyOpen(handler: ApprovalHandler<never>): AppError {
  return new AppError(
    'APPROVAL_ALREADY_OPEN',
    `This ${handler.flow.subject.toLowerCase().replaceAll('_', ' ')} already waits in an open ${handler.flow.texts.name.toLowerCase()}.`,
  );
}

/** A unique violation of the one-open-request index (a parallel request won the race), on either driver. */
function isOpenRequestConflict(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (candidate.code === '23505') {
      return (
        candidate.constraint === OPEN_REQUEST_INDEX ||
        (typeof candidate.message === 'string' && candidate.message.includes(OPEN_REQUEST_INDEX))
      );
    }
    if (typeof current !== 'object') break;
  }
  return false;
}

/** The flow's own request fields, checked by its payload schema (400 naming `payload.<field>`). */
export function checkPayload(flow: ApprovalFlow, payload: Record<string, unknown>): Record<string, unknown> {
  if (!flow.payloadSchema) return payload;
  const parsed = flow.payloadSchema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const fields = issueFields(parsed.error.issues, 'payload');
  throw new AppError('VALIDATION', fields.map((field) => `${field.field}: ${field.message}`).join('; '), { fields });
}

/**
 * The maker's request, inside the caller's transaction (a follow-up that records a PTP outside policy, a
 * re-allocation request): the request pending at level 1, its REQUEST history step and an audit row
 * `<prefix>.request`. A subject waits in at most one open request of a flow (409 APPROVAL_ALREADY_OPEN).
 */
export async function requestApprovalInTx(
  tx: Transaction,
  ctx: RequestContext,
  handler: ApprovalHandler<never>,
  input: NewApproval,
): Promise<ApprovalRecord> {
  const { flow } = handler;
  const level = input.level ?? 1;
  if (!Number.isInteger(level) || level < 1 || level > flow.levels.length) {
    throw new Error(`${flow.code} has no level ${level}`);
  }
  const request = await insertRequest(tx, {
    flowCode: flow.code,
    subjectType: flow.subject,
    subjectId: input.subjectId,
    unitPath: input.unitPath,
    makerUserId: input.maker?.userId ?? null,
    makerUnitId: input.maker?.unitId ?? null,
    amount: input.amount ?? null,
    currency: input.currency ?? null,
    payload: input.payload ?? {},
    remarks: input.remarks ?? null,
    level,
    createdAt: input.at,
    updatedAt: input.at,
  });
  await insertEvent(tx, {
    requestId: request.id,
    action: 'REQUEST',
    fromStatus: null,
    toStatus: 'PENDING',
    fromLevel: null,
    toLevel: level,
    actorUserId: input.maker?.userId ?? null,
    actingUnitId: input.maker?.unitId ?? null,
    remarks: input.remarks ?? null,
    requestVersion: request.version,
    createdAt: input.at,
  });
  await emitAudit(tx, ctx, {
    action: `${flow.audit.prefix}.request`,
    entity: flow.audit.entity,
    entityId: input.subjectId,
    after: {
      approvalRequestId: request.id,
      flow: flow.code,
      amount: request.amount,
      currency: request.currency,
      ...request.payload,
    },
  });
  return request;
}

/**
 * A maker's request checked and made inside the caller's transaction, with every rule of the kit's request route:
 * the flow's payload schema (400 naming `payload.<field>`), the subject in the acting unit's subtree (404), no open
 * request of the flow for it (409 APPROVAL_ALREADY_OPEN) and the handler's own `checkRequest`. The route and bulk
 * makers (the collections account-marking upload) both come here.
 */
export async function requestCheckedApprovalInTx(
  tx: Transaction,
  {
    ctx,
    handler,
    input,
    at,
  }: { ctx: UnitContext; handler: ApprovalHandler<never>; input: ApprovalRequestInput; at: Date },
): Promise<ApprovalRecord> {
  const payload = checkPayload(handler.flow, input.payload);
  const subject = await handler.findSubject(tx, input.subjectId);
  if (!subject || !subject.unitPath.startsWith(ctx.actingUnit.path)) throw notFound(handler.flow);
  const open = await findRequestInScope(tx, handler, { by: { subjectId: input.subjectId }, unitPath: '/' });
  if (open && (open.status === 'PENDING' || open.status === 'PUSHBACK')) throw alreadyOpen(handler);
  await handler.checkRequest?.(tx, { ctx, subjectId: input.subjectId, payload });
  return requestApprovalInTx(tx, ctx, handler, {
    subjectId: input.subjectId,
    unitPath: subject.unitPath,
    maker: { userId: ctx.user.id, unitId: ctx.actingUnit.id },
    amount: input.amount ?? null,
    currency: input.currency ?? null,
    payload,
    remarks: input.remarks ?? null,
    at,
  });
}

/**
 * POST /api/approvals/<flow>/requests — a maker's request on a flow the kit serves: the subject must lie in the
 * acting unit's subtree (404 otherwise); an amount-limited flow needs the amount and its currency.
 */
export async function requestApproval(
  deps: AppDeps,
  { ctx, handler, input }: { ctx: UnitContext; handler: ApprovalHandler<never>; input: ApprovalRequestInput },
): Promise<ApprovalRecord> {
  const { flow } = handler;
  if (flow.amountLimited && input.amount === undefined) {
    throw validationError('amount', `is required: ${flow.texts.name} approvals are held against delegation limits`);
  }
  if (input.amount !== undefined && toCents(input.amount) <= 0n) {
    throw validationError('amount', 'must be more than zero');
  }
  // Refused before the transaction: a bad payload or a subject outside the subtree writes nothing either way.
  checkPayload(flow, input.payload);
  const subject = await handler.findSubject(deps.db, input.subjectId);
  if (!subject || !subject.unitPath.startsWith(ctx.actingUnit.path)) throw notFound(flow);
  const at = deps.clock.now();
  try {
    return await withTransaction(deps.db, (tx) => requestCheckedApprovalInTx(tx, { ctx, handler, input, at }));
  } catch (error) {
    if (isOpenRequestConflict(error)) throw alreadyOpen(handler);
    throw error;
  }
}

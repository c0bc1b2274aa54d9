import {
  unitLevelReaches,
  type ApprovalDecision,
  type ApprovalFlow,
  type ApprovalStatus,
  type ApprovalStep,
} from '@recovery-desk/domain/approvals/flow.ts';
import { toCents } from '@recovery-desk/domain/money.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction, type Executor } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import type { ApprovalHandler, Effect } from '../approval-handler.ts';
import {
  actingUnitLevel,
  findRequestInScope,
  holdsAuthority,
  insertEvent,
  listLimits,
  lockSubjectRow,
  transitionIfCurrent,
  type ApprovalRecord,
  type Transition,
} from '../approvals.repository.ts';
import {
  alreadyDecided,
  checkerAlreadyApproved,
  levelAuthorityMissing,
  levelUnitTooLow,
  limitExceeded,
  makerCannotCheck,
  notFound,
  notTheMaker,
  notWaiting,
  staleVersion,
} from './refusals.ts';
import { checkPayload } from './request-approval.ts';
import { decisionNeedsRemarks, hasRemarks } from '@recovery-desk/domain/remarks.ts';
import { MESSAGES } from '@recovery-desk/domain/validation.ts';

// The decision chain of every approval flow, once: scope → maker check → level authority and delegation limit →
// one conditional UPDATE → conflict → effect → history → audit, in one transaction.

type Found = ApprovalRecord & { currentVersion: number };
export type RequestKey = { id: number } | { subjectId: number };

async function requireRequestInScope<I>(
  db: Executor,
  ctx: UnitContext,
  handler: ApprovalHandler<I>,
  by: RequestKey,
): Promise<Found> {
  const found = await findRequestInScope(db, handler as ApprovalHandler<never>, { by, unitPath: ctx.actingUnit.path });
  if (found) return found;
  if ('subjectId' in by) {
    // A subject of the subtree with no request (a PTP within policy) has nothing waiting for a decision.
    const subject = await handler.findSubject(db, by.subjectId);
    if (subject?.unitPath.startsWith(ctx.actingUnit.path)) throw alreadyDecided(handler.flow);
  }
  throw notFound(handler.flow);
}

async function requireLevelAuthority(
  db: Executor,
  ctx: UnitContext,
  flow: ApprovalFlow,
  level: number,
): Promise<string> {
  const authority = flow.levels[level - 1]?.authority;
  if (!authority) throw new Error(`${flow.code} has no level ${level}`);
  const holds = await holdsAuthority(db, {
    userId: ctx.user.id,
    unitId: ctx.actingUnit.id,
    app: flow.app,
    authorities: [authority],
  });
  if (!holds) throw levelAuthorityMissing(flow, level, authority);
  const unitLevel = flow.levels[level - 1]?.unitLevel;
  if (unitLevel) {
    // A ladder of delegation (branch → board): the checker's acting unit must be of the level's rank or above.
    const acting = await actingUnitLevel(db, ctx.actingUnit.id);
    if (!acting || !unitLevelReaches(acting, unitLevel)) throw levelUnitTooLow(flow, level, unitLevel);
  }
  return authority;
}

/** Whether the checker's delegation limit for the authority in the acting unit covers the amount. */
async function limitCovers(
  db: Executor,
  ctx: UnitContext,
  input: { authority: string; amount: string; currency: string | null },
): Promise<boolean> {
  const limits = await listLimits(db, { userId: ctx.user.id, unitId: ctx.actingUnit.id, authority: input.authority });
  if (limits.length === 0) return true;
  const limit = limits.find((entry) => entry.currency === input.currency);
  return limit !== undefined && toCents(input.amount) <= toCents(limit.maxAmount);
}

/** The level a reopened request (resubmitted, reconsidered) waits at: the handler's start level, else 1. */
function reopenLevel<I>(handler: ApprovalHandler<I>, request: ApprovalRecord): number {
  const level = handler.reopenLevel?.(request) ?? 1;
  if (!Number.isInteger(level) || level < 1 || level > handler.flow.levels.length) {
    throw new Error(`${handler.flow.code}: reopen level ${level} is not one of its levels`);
  }
  return level;
}

type Step = {
  step: ApprovalStep;
  /** the audit verb: the decision's name, or forward / resubmit */
  verb: string;
  effect: Effect<never> | undefined;
  transition: Omit<Transition, 'id' | 'actorUserId' | 'at'>;
};

/** What an approve does for this checker: complete, move up a level (above their limit), or be refused (top). */
async function approveStep<I>(
  db: Executor,
  ctx: UnitContext,
  handler: ApprovalHandler<I>,
  request: Found,
  decision: ApprovalDecision,
  authority: string,
): Promise<Pick<Step, 'step' | 'verb' | 'effect'> & { to: Transition['to'] }> {
  const { flow } = handler;
  const limited = flow.amountLimited && request.amount !== null;
  const covered =
    !limited || (await limitCovers(db, ctx, { authority, amount: request.amount!, currency: request.currency }));
  if (covered) {
    return {
      step: 'APPROVE',
      verb: decision.name,
      effect: handler.onApproved as Effect<never> | undefined,
      to: {
        status: 'APPROVED',
        level: request.level,
        decision: decision.name,
        checkers: 'keep',
        decided: true,
        remarks: null,
      },
    };
  }
  if (request.level >= flow.levels.length) throw limitExceeded(flow, request.amount!, request.currency ?? '');
  return {
    step: 'FORWARD',
    verb: 'forward',
    effect: handler.onForwarded as Effect<never> | undefined,
    to: {
      status: 'PENDING',
      level: request.level + 1,
      decision: null,
      checkers: 'append',
      decided: false,
      remarks: null,
    },
  };
}

async function checkerStep<I>(
  db: Executor,
  ctx: UnitContext,
  handler: ApprovalHandler<I>,
  request: Found,
  decision: ApprovalDecision,
  version: number,
): Promise<Step> {
  const { flow } = handler;
  const waiting: ApprovalStatus = decision.kind === 'reconsider' ? 'REJECTED' : 'PENDING';
  if (request.makerUserId === ctx.user.id) throw makerCannotCheck(flow);
  if (request.status !== waiting) throw notWaiting(flow, request.status, waiting);
  if (request.checkerUserIds.includes(ctx.user.id)) throw checkerAlreadyApproved(flow, request.level);
  const level = decision.kind === 'reconsider' ? reopenLevel(handler, request) : request.level;
  const authority = await requireLevelAuthority(db, ctx, flow, level);
  const from = { status: waiting, level: request.level, version };
  const base = { from, asChecker: true, asMaker: false };
  switch (decision.kind) {
    case 'approve': {
      const { to, ...rest } = await approveStep(db, ctx, handler, request, decision, authority);
      return { ...rest, transition: { ...base, to } };
    }
    case 'reject':
      return {
        step: 'REJECT',
        verb: decision.name,
        effect: handler.onRejected as Effect<never> | undefined,
        transition: {
          ...base,
          to: {
            status: 'REJECTED',
            level: request.level,
            decision: decision.name,
            checkers: 'keep',
            decided: true,
            remarks: null,
          },
        },
      };
    case 'pushback':
      return {
        step: 'PUSHBACK',
        verb: decision.name,
        effect: handler.onPushback as Effect<never> | undefined,
        transition: {
          ...base,
          to: { status: 'PUSHBACK', level: 1, decision: null, checkers: 'clear', decided: false, remarks: null },
        },
      };
    case 'reconsider':
      return {
        step: 'RECONSIDER',
        verb: decision.name,
        effect: handler.onReopened as Effect<never> | undefined,
        transition: {
          ...base,
          to: { status: 'PENDING', level, decision: null, checkers: 'clear', decided: false, remarks: null },
        },
      };
  }
}

/** Why a conditional UPDATE changed nothing, told from a fresh read of the request. */
async function conflict<I>(
  db: Executor,
  ctx: UnitContext,
  handler: ApprovalHandler<I>,
  request: Found,
  transition: Step['transition'],
): Promise<Error> {
  const current = await findRequestInScope(db, handler as ApprovalHandler<never>, {
    by: { id: request.id },
    unitPath: ctx.actingUnit.path,
  });
  if (!current) return notFound(handler.flow);
  if (current.status !== transition.from.status)
    return notWaiting(handler.flow, current.status, transition.from.status);
  if (transition.asChecker && current.makerUserId === ctx.user.id) return makerCannotCheck(handler.flow);
  if (transition.asMaker && current.makerUserId !== ctx.user.id) return notTheMaker(handler.flow);
  return staleVersion(handler.flow, transition.from.version, current.currentVersion);
}

/** Applies a step in one transaction: the conditional UPDATE, the flow's effect, the history step, the audit row. */
async function applyStep<I>(
  deps: AppDeps,
  args: {
    ctx: UnitContext;
    handler: ApprovalHandler<I>;
    request: Found;
    step: Step;
    remarks: string | null;
    input: I;
    /** the flow's decision the step came from (none for a resubmit) */
    decisionName?: string;
  },
): Promise<ApprovalRecord> {
  const { ctx, handler, request, step, remarks } = args;
  const { flow } = handler;
  const at = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    await lockSubjectRow(tx, handler as ApprovalHandler<never>, request.subjectId);
    const decided = await transitionIfCurrent(tx, handler as ApprovalHandler<never>, {
      ...step.transition,
      to: { ...step.transition.to, remarks },
      id: request.id,
      actorUserId: ctx.user.id,
      at,
    });
    if (!decided) throw await conflict(tx, ctx, handler, request, step.transition);
    const effects =
      (await (step.effect as Effect<I> | undefined)?.(tx, {
        ctx,
        request: decided,
        step: step.step,
        decision: step.verb,
        remarks,
        input: args.input,
        at,
      })) ?? {};
    await insertEvent(tx, {
      requestId: request.id,
      action: step.step,
      decision: args.decisionName ?? null,
      fromStatus: request.status,
      toStatus: decided.status,
      fromLevel: request.level,
      toLevel: decided.level,
      actorUserId: ctx.user.id,
      actingUnitId: ctx.actingUnit.id,
      remarks,
      effects,
      requestVersion: decided.version,
      createdAt: at,
    });
    await emitAudit(tx, ctx, {
      action: `${flow.audit.prefix}.${step.verb}`,
      entity: flow.audit.entity,
      entityId: request.subjectId,
      before: { status: request.status, level: request.level, version: step.transition.from.version },
      after: {
        approvalRequestId: request.id,
        status: decided.status,
        level: decided.level,
        requestVersion: decided.version,
        remarks,
        ...effects,
      },
    });
    return decided;
  });
}

/**
 * A checker's decision (approve, reject, pushback, reconsider, or a flow's own named one). The request must lie in
 * the acting unit's subtree (else 404); its maker cannot decide it (403 MAKER_CANNOT_CHECK), nor can a checker who
 * approved it at a lower level; the checker needs the authority of the level it waits at. An approval above the
 * checker's delegation limit moves the request to the next level instead of completing it. One conditional UPDATE
 * decides, so of N parallel decisions exactly one succeeds (the others: 409 ALREADY_DECIDED or STALE_VERSION).
 */
export async function decideApproval<I>(
  deps: AppDeps,
  args: {
    ctx: UnitContext;
    handler: ApprovalHandler<I>;
    by: RequestKey;
    decision: string;
    version: number;
    remarks?: string | null | undefined;
    input: I;
  },
): Promise<ApprovalRecord> {
  const { ctx, handler } = args;
  const decision = handler.flow.decisions.find((candidate) => candidate.name === args.decision);
  if (!decision) throw new Error(`${handler.flow.code} has no decision ${args.decision}`);
  // A reject or pushback says why, whichever route or verb called the kit (remarks.ts: one rule for all).
  if (decisionNeedsRemarks(decision.kind) && !hasRemarks(args.remarks)) {
    throw validationError('remarks', MESSAGES.required);
  }
  const request = await requireRequestInScope(deps.db, ctx, handler, args.by);
  const step = await checkerStep(deps.db, ctx, handler, request, decision, args.version);
  return applyStep(deps, {
    ctx,
    handler,
    request,
    step,
    remarks: args.remarks ?? null,
    input: args.input,
    decisionName: decision.name,
  });
}

/**
 * The maker's answer to a pushback: the request, possibly with a new amount and payload, waits at level 1 again.
 * Only its maker resubmits (403 NOT_THE_MAKER); conditional on the version read like every step.
 */
export async function resubmitApproval<I>(
  deps: AppDeps,
  args: {
    ctx: UnitContext;
    handler: ApprovalHandler<I>;
    id: number;
    version: number;
    remarks?: string | null | undefined;
    amount?: string | undefined;
    payload?: Record<string, unknown> | undefined;
    /** the request's new scope, when the new payload involves other units (a user change) */
    unitPath?: string | undefined;
    /** the level it waits at again (new terms may need another level); default: the handler's reopen level, else 1 */
    level?: number | undefined;
    input: I;
  },
): Promise<ApprovalRecord> {
  const { ctx, handler } = args;
  if (args.level !== undefined && (args.level < 1 || args.level > handler.flow.levels.length)) {
    throw new Error(`${handler.flow.code} has no level ${args.level}`);
  }
  if (args.amount !== undefined && toCents(args.amount) <= 0n)
    throw validationError('amount', 'must be more than zero');
  const payload = args.payload === undefined ? undefined : checkPayload(handler.flow, args.payload);
  const request = await requireRequestInScope(deps.db, ctx, handler, { id: args.id });
  if (request.makerUserId !== ctx.user.id) throw notTheMaker(handler.flow);
  if (request.status !== 'PUSHBACK') throw notWaiting(handler.flow, request.status, 'PUSHBACK');
  const step: Step = {
    step: 'RESUBMIT',
    verb: 'resubmit',
    effect: handler.onReopened as Effect<never> | undefined,
    transition: {
      from: { status: 'PUSHBACK', level: request.level, version: args.version },
      asChecker: false,
      asMaker: true,
      to: {
        status: 'PENDING',
        level: args.level ?? reopenLevel(handler, request),
        decision: null,
        checkers: 'clear',
        decided: false,
        remarks: null,
        ...(args.amount === undefined ? {} : { amount: args.amount }),
        ...(payload === undefined ? {} : { payload }),
        ...(args.unitPath === undefined ? {} : { unitPath: args.unitPath }),
      },
    },
  };
  return applyStep(deps, { ctx, handler, request, step, remarks: args.remarks ?? null, input: args.input });
}

/**
 * The maker's other answer to a pushback: the request ends without a decision (WITHDRAWN), so the subject is free for
 * a new request. Only its maker (403 NOT_THE_MAKER), only when pushed back, conditional on the version read; a
 * WITHDRAW history step and the audit row `<prefix>.withdraw`.
 */
export async function withdrawApproval<I>(
  deps: AppDeps,
  args: {
    ctx: UnitContext;
    handler: ApprovalHandler<I>;
    id: number;
    version: number;
    remarks?: string | null | undefined;
    input: I;
  },
): Promise<ApprovalRecord> {
  const { ctx, handler } = args;
  const request = await requireRequestInScope(deps.db, ctx, handler, { id: args.id });
  if (request.makerUserId !== ctx.user.id) throw notTheMaker(handler.flow, 'withdraw');
  if (request.status !== 'PUSHBACK') throw notWaiting(handler.flow, request.status, 'PUSHBACK');
  const step: Step = {
    step: 'WITHDRAW',
    verb: 'withdraw',
    effect: undefined,
    transition: {
      from: { status: 'PUSHBACK', level: request.level, version: args.version },
      asChecker: false,
      asMaker: true,
      to: { status: 'WITHDRAWN', level: request.level, decision: null, checkers: 'keep', decided: true, remarks: null },
    },
  };
  return applyStep(deps, { ctx, handler, request, step, remarks: args.remarks ?? null, input: args.input });
}

import { escalations, ptps, reallocationRequests } from '@recovery-desk/db/collections-schema.ts';
import { ESCALATION_FLOW } from '@recovery-desk/domain/approvals/flows/escalation.ts';
import { PTP_DEVIATION_FLOW } from '@recovery-desk/domain/approvals/flows/ptp-deviation.ts';
import { REALLOCATION_FLOW } from '@recovery-desk/domain/approvals/flows/reallocation.ts';
import type { ApprovalHandler } from '../approvals/index.ts';
import { allocateAccounts } from './casework.repository.ts';
import { DAY_START_FORCE_COMPLETION_HANDLER } from './day-start-approval-handler.ts';
import { findEscalationSubject, recordEscalationDecision } from './escalations.repository.ts';
import { findPtpSubject, recordDeviationStep } from './ptps.repository.ts';
import { findRequestScope, listRequestAccountIds, recordRequestDecision } from './reallocation.repository.ts';
import { lockAllocatableAccounts } from './services/allocate-accounts.ts';
import { requireAssigneeReach, type Assignee } from './services/tray-access.ts';

// The collections flows on the approval kit. Each keeps its own row (re-allocation request, PTP, escalation) as the
// source of its tray, so the kit checks that row's version and every effect mirrors the step onto it. The decision
// chain itself lives only in the kit (apps/server/src/modules/approvals/services/decide-approval.ts).

/** Approval moves the requested accounts (allocation kind REALLOCATION); a hold started since stops it. */
export const REALLOCATION_HANDLER: ApprovalHandler<undefined> = {
  flow: REALLOCATION_FLOW,
  findSubject: findRequestScope,
  subjectVersion: { table: reallocationRequests, id: reallocationRequests.id, version: reallocationRequests.version },
  async onApproved(tx, { ctx, request, remarks, at }) {
    const decided = await recordRequestDecision(tx, {
      id: request.subjectId,
      checkerUserId: ctx.user.id,
      status: 'APPROVED',
      remarks,
      at,
    });
    const accountIds = await listRequestAccountIds(tx, request.subjectId);
    // A hold started after the request was made still stops the move (the whole decision rolls back).
    await lockAllocatableAccounts(tx, ctx, accountIds);
    await requireAssigneeReach(tx, { userId: decided.toUserId, agencyId: decided.toAgencyId }, accountIds);
    await allocateAccounts(tx, {
      accountIds,
      userId: decided.toUserId,
      agencyId: decided.toAgencyId,
      byUserId: ctx.user.id,
      kind: 'REALLOCATION',
      reason: decided.reason,
      at,
    });
    return { version: decided.version, accountIds };
  },
  async onRejected(tx, { ctx, request, remarks, at }) {
    const decided = await recordRequestDecision(tx, {
      id: request.subjectId,
      checkerUserId: ctx.user.id,
      status: 'REJECTED',
      remarks,
      at,
    });
    return { version: decided.version, accountIds: await listRequestAccountIds(tx, request.subjectId) };
  },
};

/** Approval keeps the promise; rejection cancels it while open; above a limit it waits for a second supervisor. */
export const PTP_DEVIATION_HANDLER: ApprovalHandler<undefined> = {
  flow: PTP_DEVIATION_FLOW,
  findSubject: findPtpSubject,
  subjectVersion: { table: ptps, id: ptps.id, version: ptps.version },
  async onApproved(tx, { ctx, request, remarks, at }) {
    const ptp = await recordDeviationStep(tx, {
      id: request.subjectId,
      decision: { approve: true, reviewerUserId: ctx.user.id, remarks, at },
    });
    return { status: ptp.status, deviationStatus: ptp.deviationStatus, version: ptp.version };
  },
  async onRejected(tx, { ctx, request, remarks, at }) {
    const ptp = await recordDeviationStep(tx, {
      id: request.subjectId,
      decision: { approve: false, reviewerUserId: ctx.user.id, remarks, at },
    });
    return { status: ptp.status, deviationStatus: ptp.deviationStatus, version: ptp.version };
  },
  async onForwarded(tx, { request }) {
    const ptp = await recordDeviationStep(tx, { id: request.subjectId, decision: null });
    return { deviationStatus: ptp.deviationStatus, version: ptp.version, level: request.level };
  },
};

/** reallocate resolves the escalation by moving its account (allocation kind ESCALATION; not while held). */
export const ESCALATION_HANDLER: ApprovalHandler<{ assignee: Assignee | null }> = {
  flow: ESCALATION_FLOW,
  findSubject: findEscalationSubject,
  subjectVersion: { table: escalations, id: escalations.id, version: escalations.version },
  async onApproved(tx, { ctx, request, decision, remarks, input, at }) {
    const assignee = decision === 'reallocate' ? input.assignee : null;
    const decided = await recordEscalationDecision(tx, {
      id: request.subjectId,
      deciderUserId: ctx.user.id,
      status: assignee ? 'REALLOCATED' : 'APPROVED',
      remarks,
      at,
    });
    if (assignee) {
      await lockAllocatableAccounts(tx, ctx, [decided.accountId]);
      await requireAssigneeReach(tx, assignee, [decided.accountId]);
      await allocateAccounts(tx, {
        accountIds: [decided.accountId],
        userId: assignee.userId,
        agencyId: assignee.agencyId,
        byUserId: ctx.user.id,
        kind: 'ESCALATION',
        reason: remarks ?? `Escalation ${request.subjectId}`,
        at,
      });
    }
    return {
      version: decided.version,
      accountId: decided.accountId,
      ...(assignee ? { toUserId: assignee.userId, toAgencyId: assignee.agencyId } : {}),
    };
  },
  async onRejected(tx, { ctx, request, remarks, at }) {
    const decided = await recordEscalationDecision(tx, {
      id: request.subjectId,
      deciderUserId: ctx.user.id,
      status: 'REJECTED',
      remarks,
      at,
    });
    return { version: decided.version, accountId: decided.accountId };
  },
};

/** The collections flows, registered with the kit's routes in app.ts. */
export const COLLECTIONS_APPROVAL_HANDLERS = [
  REALLOCATION_HANDLER,
  PTP_DEVIATION_HANDLER,
  ESCALATION_HANDLER,
  DAY_START_FORCE_COMPLETION_HANDLER,
];

import {
  allocationInputSchema,
  decisionInputSchemas,
  escalationReallocateSchema,
  escalationRowSchema,
  ptpReferInputSchema,
  ptpRowSchema,
  reallocationRequestInputSchema,
  reallocationRequestRowSchema,
} from '@recovery-desk/domain/collections/contracts.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { unitContext } from '../../http/request-context.ts';
import { jobSchema } from '@recovery-desk/domain/jobs/contracts.ts';
import { allocationReplySchema, emptyBodySchema, idParamsSchema } from './collections.schemas.ts';
import { allocate } from './services/allocate-accounts.ts';
import { decideEscalation } from './services/decide-escalation.ts';
import { decidePtpDeviation, referPtp } from './services/decide-ptp.ts';
import { decideReallocation } from './services/decide-reallocation.ts';
import { requestReallocation } from './services/request-reallocation.ts';
import {
  changeBusinessDate,
  listDayStartRuns,
  refreshBomSnapshot,
  refreshCycles,
  retryDayStartRun,
  startCollectionsDay,
} from './services/run-day-start.ts';
import {
  bomSnapshotSchema,
  changeBusinessDateInputSchema,
  cycleRefreshReplySchema,
  dayStartRunsQuerySchema,
  dayStartRunsReplySchema,
} from '@recovery-desk/domain/collections/day-start.ts';

const security = [{ bearer: [] }];
const tags = ['collections'];
const collapp = 'collapp' as const;
const DECISIONS = ['approve', 'reject'] as const;

/** Allocation, maker-checker decisions, PTP referral and day start. */
export function caseworkRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/collections/allocations',
      {
        config: { auth: { app: collapp, authority: 'MAN_ALLOC_SAUTH' } },
        schema: {
          tags,
          summary: 'Allocate accounts to a collector or an agency (all or nothing; held accounts refused)',
          security,
          body: allocationInputSchema,
          response: { 200: allocationReplySchema },
        },
      },
      (request) => allocate(deps, { ctx: unitContext(request.ctx), input: request.body }),
    );

    app.post(
      '/api/collections/reallocation-requests',
      {
        config: { auth: { app: collapp, authority: 'MAN_REALLOC_SAUTH' } },
        schema: {
          tags,
          summary: 'Request a re-allocation (maker); a different checker approves or rejects it',
          security,
          body: reallocationRequestInputSchema,
          response: { 200: reallocationRequestRowSchema },
        },
      },
      (request) => requestReallocation(deps, { ctx: unitContext(request.ctx), input: request.body }),
    );

    for (const decision of DECISIONS) {
      app.post(
        `/api/collections/reallocation-requests/:id/${decision}`,
        {
          config: { auth: { app: collapp, authority: 'MAN_REALLOC_APPROVAL_SAUTH' } },
          schema: {
            tags,
            summary: `${decision === 'approve' ? 'Approve' : 'Reject'} a re-allocation request (checker ≠ maker)`,
            security,
            params: idParamsSchema,
            body: decisionInputSchemas[decision],
            response: { 200: reallocationRequestRowSchema },
          },
        },
        (request) =>
          decideReallocation(deps, {
            ctx: unitContext(request.ctx),
            requestId: request.params.id,
            decision,
            input: request.body,
          }),
      );

      app.post(
        `/api/collections/escalations/:id/${decision}`,
        {
          config: { auth: { app: collapp, authority: 'ESCALATED_SAUTH' } },
          schema: {
            tags,
            summary: `${decision === 'approve' ? 'Approve' : 'Reject'} an open escalation`,
            security,
            params: idParamsSchema,
            body: decisionInputSchemas[decision],
            response: { 200: escalationRowSchema },
          },
        },
        (request) =>
          decideEscalation(deps, {
            ctx: unitContext(request.ctx),
            escalationId: request.params.id,
            decision: { kind: decision, ...request.body },
          }),
      );

      app.post(
        `/api/collections/ptps/:id/${decision}`,
        {
          config: { auth: { app: collapp, authority: 'PTP_DEVIATION_SAUTH' } },
          schema: {
            tags,
            summary: `${decision === 'approve' ? 'Approve' : 'Reject'} a PTP outside policy (not its capturer)`,
            security,
            params: idParamsSchema,
            body: decisionInputSchemas[decision],
            response: { 200: ptpRowSchema },
          },
        },
        (request) =>
          decidePtpDeviation(deps, {
            ctx: unitContext(request.ctx),
            ptpId: request.params.id,
            approve: decision === 'approve',
            input: request.body,
          }),
      );
    }

    app.post(
      '/api/collections/escalations/:id/reallocate',
      {
        config: { auth: { app: collapp, authority: 'ESCALATED_SAUTH' } },
        schema: {
          tags,
          summary: 'Resolve an open escalation by moving its account to another collector or agency',
          security,
          params: idParamsSchema,
          body: escalationReallocateSchema,
          response: { 200: escalationRowSchema },
        },
      },
      (request) =>
        decideEscalation(deps, {
          ctx: unitContext(request.ctx),
          escalationId: request.params.id,
          decision: { kind: 'reallocate', ...request.body },
        }),
    );

    app.post(
      '/api/collections/ptps/:id/refer',
      {
        config: { auth: { app: collapp, authority: 'PTP_REFERRAL_SAUTH' } },
        schema: {
          tags,
          summary: 'Refer a broken or partial PTP to a field collector',
          security,
          params: idParamsSchema,
          body: ptpReferInputSchema,
          response: { 200: ptpRowSchema },
        },
      },
      (request) => referPtp(deps, { ctx: unitContext(request.ctx), ptpId: request.params.id, input: request.body }),
    );

    app.post(
      '/api/collections/day-start',
      {
        config: { auth: { app: collapp, authority: 'DAY_START_COLL_SAUTH' } },
        schema: {
          tags,
          summary:
            'Collections day start: queues the DPD recompute and PTP resolution on the business date (202, the job)',
          security,
          body: emptyBodySchema,
          response: { 202: jobSchema },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await startCollectionsDay(deps, { ctx: unitContext(request.ctx) })),
    );

    app.get(
      '/api/collections/day-start/runs',
      {
        config: { auth: { app: collapp, authority: 'DAY_START_COLL_SAUTH' } },
        schema: {
          tags,
          summary: 'Day start runs of the acting unit’s subtree, newest first, with the business date',
          security,
          querystring: dayStartRunsQuerySchema,
          response: { 200: dayStartRunsReplySchema },
        },
      },
      (request) => listDayStartRuns(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );

    app.post(
      '/api/collections/day-start/business-date',
      {
        config: { auth: { app: collapp, authority: 'DAY_START_COLL_SAUTH' } },
        schema: {
          tags,
          summary: 'Change Business Date: queues one day start per day up to the new date, in order (202, the job)',
          security,
          body: changeBusinessDateInputSchema,
          response: { 202: jobSchema },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await changeBusinessDate(deps, { ctx: unitContext(request.ctx), input: request.body })),
    );

    app.post(
      '/api/collections/day-start/runs/:id/retry',
      {
        config: { auth: { app: collapp, authority: 'DAY_START_COLL_SAUTH' } },
        schema: {
          tags,
          summary: 'Retry a failed day start run: it resumes at the day that failed (202, the job)',
          security,
          params: idParamsSchema,
          body: emptyBodySchema,
          response: { 202: jobSchema },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await retryDayStartRun(deps, { ctx: unitContext(request.ctx), id: request.params.id })),
    );

    app.post(
      '/api/collections/day-start/bom-refresh',
      {
        config: { auth: { app: collapp, authority: 'DAY_START_COLL_SAUTH' } },
        schema: {
          tags,
          summary: 'BOM Refresh: takes the beginning-of-month bucket snapshot of the business date’s month again',
          security,
          body: emptyBodySchema,
          response: { 200: bomSnapshotSchema },
        },
      },
      (request) => refreshBomSnapshot(deps, { ctx: unitContext(request.ctx) }),
    );

    app.post(
      '/api/collections/day-start/cycle-refresh',
      {
        config: { auth: { app: collapp, authority: 'DAY_START_COLL_SAUTH' } },
        schema: {
          tags,
          summary:
            'Cycle Refresh: closes the statements of the card accounts whose billing cycle ends on the business date',
          security,
          body: emptyBodySchema,
          response: { 200: cycleRefreshReplySchema },
        },
      },
      (request) => refreshCycles(deps, { ctx: unitContext(request.ctx) }),
    );
  };
}

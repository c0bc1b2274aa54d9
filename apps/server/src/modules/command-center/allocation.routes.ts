import {
  allocationAccountsQuerySchema,
  allocationAccountsReplySchema,
  allocationAssigneesReplySchema,
  allocationBatchDetailSchema,
  allocationBatchItemsQuerySchema,
  allocationBatchParamsSchema,
  allocationBatchSchema,
  allocationBatchesQuerySchema,
  allocationBatchesReplySchema,
  allocationPlanInputSchema,
  allocationPlanReplySchema,
} from '@recovery-desk/domain/command-center/allocation.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { unitContext } from '../../http/request-context.ts';
import {
  createAllocationBatch,
  listAllocationAccounts,
  listAllocationAssignees,
  listAllocationBatches,
  previewAllocationPlan,
  readAllocationBatch,
} from './services/allocation.ts';

const security = [{ bearer: [] }];
const tags = ['command-center'];
/** The command center's supervisor (spec §2.6: Map Based Allocation and its status). */
const SUPERVISOR = { auth: { app: 'cmdcenter', authority: 'ACTIVE_INACTIVE_SAUTH' } } as const;

/** Map-based allocation (/api/cmd-center/allocation/…): accounts on the map, the plan, the batches. */
export function commandCenterAllocationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/cmd-center/allocation/accounts',
      {
        config: SUPERVISOR,
        schema: {
          tags,
          summary: 'The delinquent, geocoded accounts of the subtree in a viewport: points, or clusters when many',
          security,
          querystring: allocationAccountsQuerySchema,
          response: { 200: allocationAccountsReplySchema },
        },
      },
      (request) => listAllocationAccounts(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );
    app.get(
      '/api/cmd-center/allocation/assignees',
      {
        config: SUPERVISOR,
        schema: {
          tags,
          summary: 'The collectors and agencies of the subtree to allocate to, with their load and the capacity',
          security,
          response: { 200: allocationAssigneesReplySchema },
        },
      },
      (request) => listAllocationAssignees(deps, { ctx: unitContext(request.ctx) }),
    );
    app.post(
      '/api/cmd-center/allocation/plan',
      {
        config: SUPERVISOR,
        schema: {
          tags,
          summary: 'Preview a map-based allocation: each account to the nearest assignee with room, and the skipped',
          security,
          body: allocationPlanInputSchema,
          response: { 200: allocationPlanReplySchema },
        },
      },
      (request) => previewAllocationPlan(deps, { ctx: unitContext(request.ctx), input: request.body }),
    );
    app.post(
      '/api/cmd-center/allocation/batches',
      {
        config: SUPERVISOR,
        schema: {
          tags,
          summary: 'Allocate by the plan (one transaction; held, suppressed and marked accounts skipped; audited)',
          security,
          body: allocationPlanInputSchema,
          response: { 201: allocationBatchSchema },
        },
      },
      async (request, reply) => {
        const batch = await createAllocationBatch(deps, { ctx: unitContext(request.ctx), input: request.body });
        return reply.code(201).send(batch);
      },
    );
    app.get(
      '/api/cmd-center/allocation/batches',
      {
        config: SUPERVISOR,
        schema: {
          tags,
          summary: 'The map-based allocation batches of the subtree, newest first',
          security,
          querystring: allocationBatchesQuerySchema,
          response: { 200: allocationBatchesReplySchema },
        },
      },
      (request) => listAllocationBatches(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );
    app.get(
      '/api/cmd-center/allocation/batches/:id',
      {
        config: SUPERVISOR,
        schema: {
          tags,
          summary: 'One allocation batch and its items with outcome and reason (paged)',
          security,
          params: allocationBatchParamsSchema,
          querystring: allocationBatchItemsQuerySchema,
          response: { 200: allocationBatchDetailSchema },
        },
      },
      (request) =>
        readAllocationBatch(deps, { ctx: unitContext(request.ctx), id: request.params.id, query: request.query }),
    );
  };
}

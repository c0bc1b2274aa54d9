import {
  allocationMapQuerySchema,
  allocationMapReplySchema,
} from '@recovery-desk/domain/command-center/allocation-map.ts';
import { dashboardQuerySchema, dashboardReplySchema } from '@recovery-desk/domain/command-center/dashboard.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { unitContext } from '../../http/request-context.ts';
import { readAllocationMap } from './services/allocation-map.ts';
import { readDashboard } from './services/dashboard.ts';

const security = [{ bearer: [] }];
const tags = ['command-center'];

/**
 * The command-center dashboard (/cmdCenter, /dashcmdCenter): no authority on the route; the field data needs one. And
 * the collections Allocation Map's read (/collapp/allocationMap, RECEIPT_VIEWER_SAUTH).
 */
export function commandCenterDashboardRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/cmd-center/dashboard',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary:
            'The field force now, the day’s coverage and alerts of the subtree (field data only with ACTIVE_INACTIVE_SAUTH)',
          security,
          querystring: dashboardQuerySchema,
          response: { 200: dashboardReplySchema },
        },
      },
      (request) => readDashboard(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );
    app.get(
      '/api/cmd-center/allocation-map',
      {
        config: { auth: { app: 'collapp', authority: 'RECEIPT_VIEWER_SAUTH' } },
        schema: {
          tags,
          summary:
            'The Allocation Map: allocated delinquent accounts by collector, receipts of a date range, per collector',
          security,
          querystring: allocationMapQuerySchema,
          response: { 200: allocationMapReplySchema },
        },
      },
      (request) => readAllocationMap(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );
  };
}

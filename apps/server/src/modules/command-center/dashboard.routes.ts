import { dashboardQuerySchema, dashboardReplySchema } from '@recovery-desk/domain/command-center/dashboard.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { unitContext } from '../../http/request-context.ts';
import { readDashboard } from './services/dashboard.ts';

const security = [{ bearer: [] }];
const tags = ['command-center'];

/** The command-center dashboard (/cmdCenter, /dashcmdCenter): no authority on the route; the field data needs one. */
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
  };
}

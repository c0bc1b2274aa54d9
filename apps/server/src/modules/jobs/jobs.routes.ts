import { z } from 'zod';
import { jobPageSchema, jobQuerySchema, jobSchema } from '@recovery-desk/domain/jobs/contracts.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { unitContext } from '../../http/request-context.ts';
import { sendJobFile } from '../../jobs/job-files.ts';
import { getJob, getJobResultFile, listJobPage } from './services/read-jobs.ts';
import { idParam } from '@recovery-desk/domain/numeric-params.ts';

const security = [{ bearer: [] }];
const tags = ['jobs'];
const paramsSchema = z.object({ id: idParam });
const dashboard = { app: 'collapp', authority: 'UPLOAD_DASH_SAUTH' } as const;

/** Background jobs: the user's own (progress bars) and the Upload Dashboard of the acting unit's subtree. */
export function jobsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/jobs',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'The signed-in user’s background jobs, newest first',
          security,
          querystring: jobQuerySchema,
          response: { 200: jobPageSchema },
        },
      },
      (request) => listJobPage(deps, { ctx: unitContext(request.ctx), audience: 'own', query: request.query }),
    );

    app.get(
      '/api/jobs/dashboard',
      {
        config: { auth: dashboard },
        schema: {
          tags,
          summary: 'Upload Dashboard: every background job started in the acting unit’s subtree, newest first',
          security,
          querystring: jobQuerySchema,
          response: { 200: jobPageSchema },
        },
      },
      (request) => listJobPage(deps, { ctx: unitContext(request.ctx), audience: 'dashboard', query: request.query }),
    );

    app.get(
      '/api/jobs/:id',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'One of the user’s jobs: status, progress (done of total), error, result',
          security,
          params: paramsSchema,
          response: { 200: jobSchema },
        },
      },
      (request) => getJob(deps, { ctx: unitContext(request.ctx), jobId: request.params.id }),
    );

    for (const [url, config, audience] of [
      ['/api/jobs/:id/result', { auth: 'actingUnit' as const }, 'own'],
      ['/api/jobs/dashboard/:id/result', { auth: dashboard }, 'dashboard'],
    ] as const) {
      app.get(
        url,
        {
          config,
          schema: {
            tags,
            summary:
              audience === 'own'
                ? 'The file one of the user’s finished jobs produced'
                : 'The file a finished job of the acting unit’s subtree produced',
            security,
            params: paramsSchema,
          },
        },
        async (request, reply) => {
          const file = await getJobResultFile(deps, {
            ctx: unitContext(request.ctx),
            audience,
            jobId: request.params.id,
          });
          return sendJobFile(reply, deps.db, file, 'result');
        },
      );
    }
  };
}

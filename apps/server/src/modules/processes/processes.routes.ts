import {
  processesReplySchema,
  processParamsSchema,
  processRunsQuerySchema,
  processRunsReplySchema,
  processSchema,
  scheduleInputSchema,
} from '@recovery-desk/domain/processes/contracts.ts';
import { jobSchema } from '@recovery-desk/domain/jobs/contracts.ts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { unitContext } from '../../http/request-context.ts';
import { listProcesses, listProcessRuns, runProcessNow, updateSchedule } from './services/processes.ts';

const security = [{ bearer: [] }];
const tags = ['processes'];
const auth = { app: 'collapp', authority: 'SCHED_PRO_COLL_SAUTH' } as const;

/** Schedule Process (/collapp/scheduleproc): the catalogue of processes, their schedules, Run now and their runs. */
export function processesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/processes',
      {
        config: { auth },
        schema: {
          tags,
          summary: 'The product’s processes: schedule, whether a run is live, and the last runs of each',
          security,
          response: { 200: processesReplySchema },
        },
      },
      (request) => listProcesses(deps, { ctx: unitContext(request.ctx) }),
    );

    app.get(
      '/api/processes/:code/runs',
      {
        config: { auth },
        schema: {
          tags,
          summary: 'One process’s runs, newest first: duration, outcome and log (error or summary)',
          security,
          params: processParamsSchema,
          querystring: processRunsQuerySchema,
          response: { 200: processRunsReplySchema },
        },
      },
      (request) =>
        listProcessRuns(deps, { ctx: unitContext(request.ctx), code: request.params.code, query: request.query }),
    );

    app.put(
      '/api/processes/:code/schedule',
      {
        config: { auth },
        schema: {
          tags,
          summary: 'Edit a scheduled process’s schedule (enabled, interval or time of day); applies without restart',
          security,
          params: processParamsSchema,
          body: scheduleInputSchema,
          response: { 200: processSchema },
        },
      },
      (request) =>
        updateSchedule(deps, { ctx: unitContext(request.ctx), code: request.params.code, input: request.body }),
    );

    app.post(
      '/api/processes/:code/run',
      {
        config: { auth },
        schema: {
          tags,
          summary: 'Run now: queue a run of a scheduled process (202, the job); 409 while one is live',
          security,
          params: processParamsSchema,
          body: z.strictObject({}).optional(),
          response: { 202: jobSchema },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await runProcessNow(deps, { ctx: unitContext(request.ctx), code: request.params.code })),
    );
  };
}

import {
  reportExportBodySchema,
  reportParamsSchema,
  reportQuerySchema,
  reportReplySchema,
} from '@recovery-desk/domain/reports/contracts.ts';
import { jobSchema } from '@recovery-desk/domain/jobs/contracts.ts';
import {
  targetInputSchema,
  targetRowSchema,
  targetsQuerySchema,
  targetsReplySchema,
} from '@recovery-desk/domain/reports/targets.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { unitContext } from '../../http/request-context.ts';
import { queueReportExport } from './services/export-report.ts';
import { runReport } from './services/run-report.ts';
import { listTargets, setTarget } from './services/targets.ts';
import { rollTrend } from './services/roll-trend.ts';
import { rollTrendQuerySchema, rollTrendReplySchema } from '@recovery-desk/domain/reports/roll-trend.ts';

const security = [{ bearer: [] }];
const tags = ['reports'];
const auth = { app: 'collapp', authority: 'REPORT_GENERATION_SAUTH' } as const;

/** The Reports screen (`/collapp/reportGeneration`): a report's rows, and its export as a background job. */
export function reportsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/collections/reports/rollRates/trend',
      {
        config: { auth },
        schema: {
          tags,
          summary:
            'Roll rates month by month: roll-forward and roll-back of the accounts delinquent as each month began',
          security,
          querystring: rollTrendQuerySchema,
          response: { 200: rollTrendReplySchema },
        },
      },
      (request) => rollTrend(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );

    app.get(
      '/api/collections/targets',
      {
        config: { auth },
        schema: {
          tags,
          summary: 'Collection targets of a month: the subtree’s active units, each with its target per currency',
          security,
          querystring: targetsQuerySchema,
          response: { 200: targetsReplySchema },
        },
      },
      (request) => listTargets(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );

    app.put(
      '/api/collections/targets',
      {
        config: { auth },
        schema: {
          tags,
          summary: 'Set a unit’s collection target of a month in a currency (minor units, with the version read)',
          security,
          body: targetInputSchema,
          response: { 200: targetRowSchema },
        },
      },
      (request) => setTarget(deps, { ctx: unitContext(request.ctx), input: request.body }),
    );

    app.get(
      '/api/collections/reports/:report',
      {
        config: { auth },
        schema: {
          tags,
          summary: 'A report’s rows for the filters, in the acting unit’s subtree',
          security,
          params: reportParamsSchema,
          querystring: reportQuerySchema,
          response: { 200: reportReplySchema },
        },
      },
      (request) =>
        runReport(deps, { ctx: unitContext(request.ctx), report: request.params.report, query: request.query }),
    );

    app.post(
      '/api/collections/reports/:report/export',
      {
        config: { auth },
        schema: {
          tags,
          summary: 'Queues the whole report as a CSV or XLSX file (a background job)',
          security,
          params: reportParamsSchema,
          body: reportExportBodySchema,
          response: { 202: jobSchema },
        },
      },
      async (request, reply) => {
        const job = await queueReportExport(deps, {
          ctx: unitContext(request.ctx),
          report: request.params.report,
          query: request.body.query,
          format: request.body.format,
        });
        return reply.code(202).send(job);
      },
    );
  };
}

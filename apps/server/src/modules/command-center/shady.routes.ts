import {
  shadyExportQuerySchema,
  shadyQuerySchema,
  shadyReplySchema,
} from '@recovery-desk/domain/command-center/shady-report.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { unitContext } from '../../http/request-context.ts';
import { exportShadyReport } from './services/shady-export.ts';
import { readShadyReport } from './services/shady-findings.ts';
import { sendFile } from '../../http/send-file.ts';

const security = [{ bearer: [] }];
const tags = ['command-center'];
const SUPERVISOR = { auth: { app: 'cmdcenter', authority: 'ACTIVE_INACTIVE_SAUTH' } } as const;

/** The shady transaction reports, Time and Location (/api/cmd-center/shady…). */
export function shadyRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/cmd-center/shady',
      {
        config: SUPERVISOR,
        schema: {
          tags,
          summary: 'Shady transaction findings (report TIME or LOCATION) of the subtree’s field users over ≤ 31 days',
          security,
          querystring: shadyQuerySchema,
          response: { 200: shadyReplySchema },
        },
      },
      (request) => readShadyReport(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );
    app.get(
      '/api/cmd-center/shady/export',
      {
        config: SUPERVISOR,
        schema: {
          tags,
          summary: 'A shady transaction report’s filtered findings as CSV or XLSX',
          security,
          querystring: shadyExportQuerySchema,
        },
      },
      async (request, reply) => {
        const file = await exportShadyReport(deps, { ctx: unitContext(request.ctx), query: request.query });
        return sendFile(reply, { contentType: file.contentType, fileName: file.fileName, body: file.body });
      },
    );
  };
}

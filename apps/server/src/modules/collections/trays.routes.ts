import { assigneesReplySchema, trayQuerySchema } from '@recovery-desk/domain/collections/contracts.ts';
import { TRAYS } from '@recovery-desk/domain/collections/trays.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { unitContext } from '../../http/request-context.ts';
import {
  assigneesQuerySchema,
  dispositionsReplySchema,
  exportQuerySchema,
  trayPageSchemaOf,
} from './collections.schemas.ts';
import { exportTray } from './services/export-tray.ts';
import { listAssignees } from './services/list-assignees.ts';
import { listDispositions } from './services/list-dispositions.ts';
import { listTray } from './services/list-tray.ts';
import { sendFile } from '../../http/send-file.ts';

const security = [{ bearer: [] }];

/** One list route and one export route per tray, each declaring that tray's authority. */
export function trayRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const tray of TRAYS) {
      const auth = { app: 'collapp', authority: tray.authority } as const;
      app.get(
        `/api/collections/trays/${tray.key}`,
        {
          config: { auth },
          schema: {
            tags: ['collections'],
            summary: `${tray.key} tray: ${tray.holds} (keyset pages, My View / Team View)`,
            security,
            querystring: trayQuerySchema,
            response: { 200: trayPageSchemaOf(tray.rowKind) },
          },
        },
        (request) => listTray(deps, { ctx: unitContext(request.ctx), tray, query: request.query }),
      );

      app.get(
        `/api/collections/trays/${tray.key}/export`,
        {
          config: { auth },
          schema: {
            tags: ['collections'],
            summary: `Export the current ${tray.key} view as CSV or XLSX (at most 50,000 rows; a large one answers 202 with a job)`,
            security,
            querystring: exportQuerySchema,
          },
        },
        async (request, reply) => {
          const { format, ...query } = request.query;
          const exported = await exportTray(deps, { ctx: unitContext(request.ctx), tray, query, format });
          if ('job' in exported) return reply.code(202).send(exported.job);
          const { file } = exported;
          return sendFile(reply, { contentType: file.contentType, fileName: file.fileName, body: file.body });
        },
      );
    }

    app.get(
      '/api/collections/assignees',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags: ['collections'],
          summary: 'Users and agencies the dialogs of a tray may pick (needs that tray’s authority)',
          security,
          querystring: assigneesQuerySchema,
          response: { 200: assigneesReplySchema },
        },
      },
      (request) =>
        listAssignees(deps, {
          ctx: unitContext(request.ctx),
          trayKey: request.query.for,
          accountIds: request.query.accountIds,
        }),
    );

    app.get(
      '/api/collections/dispositions',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags: ['collections'],
          summary: 'Active disposition codes with what they require',
          security,
          response: { 200: dispositionsReplySchema },
        },
      },
      () => listDispositions(deps),
    );
  };
}

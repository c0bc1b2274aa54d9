import {
  accountActivityQuerySchema,
  accountActivityReplySchema,
  activeUsersExportQuerySchema,
  activeUsersQuerySchema,
  activeUsersReplySchema,
  idleReportExportQuerySchema,
  idleReportQuerySchema,
  idleReportReplySchema,
  timeSpentExportQuerySchema,
  timeSpentQuerySchema,
  timeSpentReplySchema,
} from '@recovery-desk/domain/command-center/activity.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@recovery-desk/domain/numeric-params.ts';
import type { AppDeps } from '../../deps.ts';
import { unitContext } from '../../http/request-context.ts';
import { accountFieldActivity } from './services/activity-account.ts';
import { exportIdleReport, exportTimeSpentReport, idleReport, timeSpentReport } from './services/activity-reports.ts';
import { exportActiveUsers, listActiveUsers } from './services/activity-users.ts';
import { sendFile } from '../../http/send-file.ts';

const security = [{ bearer: [] }];
const tags = ['command-center'];
const SUPERVISOR = { auth: { app: 'cmdcenter', authority: 'ACTIVE_INACTIVE_SAUTH' } } as const;
/** The account route of Active Inactive Users is LEGAL_POOL_SAUTH in the spec's route list. */
const ACCOUNT_ACTIVITY = { auth: { app: 'cmdcenter', authority: 'LEGAL_POOL_SAUTH' } } as const;

/** The activity reports (docs/architecture.md "Command center: activity reports"). */
export function activityRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/cmd-center/active-users',
      {
        config: SUPERVISOR,
        schema: {
          tags,
          summary: 'Active Inactive Users: the subtree’s field users with status, last position and the day’s counts',
          security,
          querystring: activeUsersQuerySchema,
          response: { 200: activeUsersReplySchema },
        },
      },
      (request) => listActiveUsers(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );
    app.get(
      '/api/cmd-center/active-users/export',
      {
        config: SUPERVISOR,
        schema: {
          tags,
          summary: 'Active Inactive Users’ filtered list as CSV or XLSX',
          security,
          querystring: activeUsersExportQuerySchema,
        },
      },
      async (request, reply) =>
        sendFile(reply, await exportActiveUsers(deps, { ctx: unitContext(request.ctx), query: request.query })),
    );
    app.get(
      '/api/cmd-center/idle-report',
      {
        config: SUPERVISOR,
        schema: {
          tags,
          summary: 'Idle Time Report: each field user’s idle spells on shift over a range (at most 31 days)',
          security,
          querystring: idleReportQuerySchema,
          response: { 200: idleReportReplySchema },
        },
      },
      (request) => idleReport(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );
    app.get(
      '/api/cmd-center/idle-report/export',
      {
        config: SUPERVISOR,
        schema: {
          tags,
          summary: 'The Idle Time Report as CSV or XLSX',
          security,
          querystring: idleReportExportQuerySchema,
        },
      },
      async (request, reply) =>
        sendFile(reply, await exportIdleReport(deps, { ctx: unitContext(request.ctx), query: request.query })),
    );
    app.get(
      '/api/cmd-center/time-spent-report',
      {
        config: SUPERVISOR,
        schema: {
          tags,
          summary: 'Time Spent Report: each field user’s dwell in their customers’ geofences over a range',
          security,
          querystring: timeSpentQuerySchema,
          response: { 200: timeSpentReplySchema },
        },
      },
      (request) => timeSpentReport(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );
    app.get(
      '/api/cmd-center/time-spent-report/export',
      {
        config: SUPERVISOR,
        schema: {
          tags,
          summary: 'The Time Spent Report as CSV or XLSX',
          security,
          querystring: timeSpentExportQuerySchema,
        },
      },
      async (request, reply) =>
        sendFile(reply, await exportTimeSpentReport(deps, { ctx: unitContext(request.ctx), query: request.query })),
    );
    app.get(
      '/api/cmd-center/accounts/:accountId/field-activity',
      {
        config: ACCOUNT_ACTIVITY,
        schema: {
          tags,
          summary: 'One account’s field activity: holder, customer’s place and geofence, visits, receipts',
          security,
          params: z.strictObject({ accountId: idParam }),
          querystring: accountActivityQuerySchema,
          response: { 200: accountActivityReplySchema },
        },
      },
      (request) =>
        accountFieldActivity(deps, {
          ctx: unitContext(request.ctx),
          accountId: request.params.accountId,
          query: request.query,
        }),
    );
  };
}

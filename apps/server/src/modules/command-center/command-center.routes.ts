import {
  dayPositionsQuerySchema,
  dayPositionsReplySchema,
  fieldUsersQuerySchema,
  fieldUsersReplySchema,
  ingestReplySchema,
  positionsBatchSchema,
} from '@recovery-desk/domain/command-center/ingest.ts';
import { routeDayQuerySchema, routeDayReplySchema } from '@recovery-desk/domain/command-center/route-day.ts';
import {
  commandCenterSettingsReplySchema,
  commandCenterSettingsUpdateSchema,
} from '@recovery-desk/domain/command-center/settings.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { unitContext } from '../../http/request-context.ts';
import { listFieldUsers, readDayPositions } from './services/field-users.ts';
import { readCommandCenterSettings, saveCommandCenterSettings } from './services/settings.ts';
import { ingestPositions } from './services/ingest-positions.ts';
import { readRouteDay } from './services/route-day.ts';

const security = [{ bearer: [] }];
const tags = ['command-center'];
/** The field app reports as the collector it signed in as (the authority of receipt capture, field collection). */
const FIELD_USER = { auth: { app: 'collapp', authority: 'FIELD_COLLECTOR_SAUTH' } } as const;
const SUPERVISOR = { auth: { app: 'cmdcenter', authority: 'ACTIVE_INACTIVE_SAUTH' } } as const;
const SETTINGS = { auth: { app: 'cmdcenter', authority: 'LEGAL_SETTINGS_SAUTH' } } as const;
/** 1,000 positions of about 300 bytes each, with room for whitespace. */
const INGEST_BODY_LIMIT = 512 * 1024;

/** Location ingest and its reads (/api/cmd-center/…). */
export function commandCenterRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/cmd-center/positions',
      {
        config: FIELD_USER,
        bodyLimit: INGEST_BODY_LIMIT,
        schema: {
          tags,
          summary: 'A batch of the signed-in field user’s positions from one device (idempotent by device and seq)',
          security,
          body: positionsBatchSchema,
          response: { 200: ingestReplySchema },
        },
      },
      (request) =>
        ingestPositions(deps, {
          ctx: unitContext(request.ctx),
          input: request.body,
          throttleSeconds: deps.config.positionsDeviceIntervalSeconds,
        }),
    );
    app.get(
      '/api/cmd-center/field-users',
      {
        config: SUPERVISOR,
        schema: {
          tags,
          summary: 'The field users of the acting unit’s subtree: device, last position, last seen, battery, the day',
          security,
          querystring: fieldUsersQuerySchema,
          response: { 200: fieldUsersReplySchema },
        },
      },
      (request) => listFieldUsers(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );
    app.get(
      '/api/cmd-center/positions',
      {
        config: SUPERVISOR,
        schema: {
          tags,
          summary: 'One field user’s positions of a day, ordered by fix time',
          security,
          querystring: dayPositionsQuerySchema,
          response: { 200: dayPositionsReplySchema },
        },
      },
      (request) => readDayPositions(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );
    app.get(
      '/api/cmd-center/route',
      {
        config: SUPERVISOR,
        schema: {
          tags,
          summary: 'One field user’s route of a day for the replay: kept fixes, stops with durations, trips, events',
          security,
          querystring: routeDayQuerySchema,
          response: { 200: routeDayReplySchema },
        },
      },
      (request) => readRouteDay(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );
    app.get(
      '/api/cmd-center/settings',
      {
        config: SETTINGS,
        schema: {
          tags,
          summary: 'The command-center settings: tracking, stops and idle, geofence, shady-rule thresholds, retention',
          security,
          response: { 200: commandCenterSettingsReplySchema },
        },
      },
      () => readCommandCenterSettings(deps.db),
    );
    app.put(
      '/api/cmd-center/settings',
      {
        config: SETTINGS,
        schema: {
          tags,
          summary: 'Save the command-center settings (the version read; audited)',
          security,
          body: commandCenterSettingsUpdateSchema,
          response: { 200: commandCenterSettingsReplySchema },
        },
      },
      (request) => saveCommandCenterSettings(deps, { ctx: unitContext(request.ctx), input: request.body }),
    );
  };
}

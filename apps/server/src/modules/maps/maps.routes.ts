import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { unitContext } from '../../http/request-context.ts';
import { recordMapsUsage } from './services/record-maps-usage.ts';

const mapsUsageBodySchema = z.strictObject({
  data: z.strictObject({
    username: z.string().trim().min(1).max(50).describe('the acting unit’s unit_code'),
    googleApi: z.string().trim().min(1).max(200),
    callFrom: z.string().trim().min(1).max(200),
  }),
});

export function mapsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/googleApiTrackerApi',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags: ['maps'],
          summary: 'Record a load of the maps script for the acting unit',
          security: [{ bearer: [] }],
          body: mapsUsageBodySchema,
          response: { 200: z.object({ error_code: z.literal('0') }) },
        },
      },
      (request) => recordMapsUsage(deps, { ctx: unitContext(request.ctx), input: request.body.data }),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { checkReadiness } from './services/check-readiness.ts';

export function healthRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/healthz',
      {
        config: { auth: 'public' },
        logLevel: 'warn',
        schema: {
          tags: ['health'],
          summary: 'Liveness: the process is up',
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      () => ({ status: 'ok' as const }),
    );
    app.get(
      '/readyz',
      {
        config: { auth: 'public' },
        logLevel: 'warn',
        schema: {
          tags: ['health'],
          summary: 'Readiness: the database answers (503 SERVICE_UNAVAILABLE otherwise)',
          response: { 200: z.object({ status: z.literal('ready') }) },
        },
      },
      () => checkReadiness(deps),
    );
  };
}

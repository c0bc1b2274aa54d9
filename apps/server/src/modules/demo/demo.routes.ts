import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { isLoopbackRequest } from '../../http/loopback.ts';
import { readDemoOutbox } from './services/read-demo-outbox.ts';

const outboxQuerySchema = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email({ error: 'Invalid email address' })),
});

const outboxReplySchema = z.object({
  data: z.array(
    z.object({ id: z.number(), to: z.string(), subject: z.string(), body: z.string(), created_at: z.string() }),
  ),
});

/**
 * Registered only in demo mode (outside it the path answers 404 like any unknown API path). The outbox holds
 * password reset and sign-in codes, so it answers only requests made on this computer (loopback, not forwarded by
 * a proxy); from anywhere else it is a 404 like an unknown path, even on a demo server exposed with HOST.
 */
export function demoRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      if (isLoopbackRequest(request)) return;
      request.log.warn({ event: 'demo.outbox_refused' }, 'demo outbox refused a request from another computer');
      throw new AppError('NOT_FOUND', `There is no ${request.method} endpoint at this path.`);
    });
    app.get(
      '/api/demo/outbox',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['demo'],
          summary: 'Demo mode only: the newest mails (max 20) sent to an address, newest first',
          querystring: outboxQuerySchema,
          response: { 200: outboxReplySchema },
        },
      },
      (request) => readDemoOutbox(deps, { input: request.query }),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { ssoCallbackQuerySchema, ssoLoginQuerySchema, ssoLoginReplySchema } from './auth.schemas.ts';
import { finishSso } from './services/finish-sso.ts';
import { startSso } from './services/start-sso.ts';

export function ssoRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/sso/login',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['single sign-on'],
          summary: 'The OpenID provider’s sign-in address (PKCE S256, state, nonce)',
          description: '404 SSO_DISABLED when OIDC_* is not configured; 503 SSO_UNAVAILABLE when the provider is down.',
          querystring: ssoLoginQuerySchema,
          response: { 200: ssoLoginReplySchema },
        },
      },
      (request) => startSso(deps, { ctx: request.ctx, input: request.query }),
    );

    app.get(
      '/sso/callback',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['single sign-on'],
          summary: 'Redirect target of the OpenID provider; redirects to the web app’s /callback',
          description:
            'Success: 302 to /callback?access=…&refresh=…&ssoaccess=…&resourceApp=…; failure: 302 to ' +
            '/callback?detail=User%20Authentication%20Failed!!',
          querystring: ssoCallbackQuerySchema,
        },
      },
      async (request, reply) => {
        const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        const { location } = await finishSso(deps, { ctx: request.ctx, input: request.query, rawQuery });
        return reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .redirect(location, 302);
      },
    );
  };
}

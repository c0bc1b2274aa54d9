import { publicConfigSchema } from '@recovery-desk/domain/sign-in.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { getPublicConfig } from './services/get-public-config.ts';

export function publicConfigRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/public-config',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['configuration'],
          summary: 'Settings the web app reads at start (OTP-for-login, userkey key, SSO, widgets, demo mode)',
          response: { 200: publicConfigSchema },
        },
      },
      () => getPublicConfig(deps),
    );
  };
}

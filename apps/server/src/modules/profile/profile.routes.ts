import { APP_CODES } from '@recovery-desk/domain/apps.ts';
import { profileReplySchema } from '@recovery-desk/domain/profile.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { signedInContext } from '../../http/request-context.ts';
import { getProfile } from './services/get-profile.ts';

const ACTIVE_APPS = [...APP_CODES, 'home'] as const;

const activeAppParamsSchema = z.object({
  activeApp: z.enum(ACTIVE_APPS, { error: `must be one of ${ACTIVE_APPS.join(', ')}` }),
});

export function profileRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/collapp/getUserProfileNew/:activeApp',
      {
        config: { auth: 'signedIn' },
        schema: {
          tags: ['profile'],
          summary: 'The signed-in user’s profile: business date, apps, units with authorities, details',
          security: [{ bearer: [] }],
          params: activeAppParamsSchema,
          response: { 200: profileReplySchema },
        },
      },
      (request) => getProfile(deps, { ctx: signedInContext(request.ctx) }),
    );

    app.get(
      '/collapp/getuserprofile',
      {
        config: { auth: 'signedIn' },
        schema: {
          tags: ['profile'],
          summary: 'Older variant of getUserProfileNew (same data)',
          security: [{ bearer: [] }],
          response: { 200: profileReplySchema },
        },
      },
      (request) => getProfile(deps, { ctx: signedInContext(request.ctx) }),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import {
  logoutBodySchema,
  logoutReplySchema,
  messageReplySchema,
  refreshBodySchema,
  refreshReplySchema,
  tokenReplySchema,
  userkeyBodySchema,
} from './auth.schemas.ts';
import { endSession } from './services/end-session.ts';
import { refreshSession } from './services/refresh-session.ts';
import { sendLoginOtp } from './services/send-login-otp.ts';
import { signIn } from './services/sign-in.ts';

export function authRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/token/',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['session'],
          summary: 'Sign in (username, password, optional OTP) or redeem a single sign-on grant',
          description:
            'userkey opens to {username, password, otp?} or {access, ssoaccess}. 401 INVALID_CREDENTIALS, ' +
            'ACCOUNT_LOCKED, OTP_REQUIRED, OTP_INVALID or SSO_FAILED; 400 USERKEY_INVALID or VALIDATION; 429 RATE_LIMITED.',
          body: userkeyBodySchema,
          response: { 200: tokenReplySchema },
        },
      },
      (request) => signIn(deps, { ctx: request.ctx, input: request.body }),
    );

    app.post(
      '/token/refresh/',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['session'],
          summary: 'Rotate a refresh token',
          description: 'Each refresh token works once; a reused one revokes its whole session. 401 REFRESH_INVALID.',
          body: refreshBodySchema,
          response: { 200: refreshReplySchema },
        },
      },
      (request) => refreshSession(deps, { ctx: request.ctx, input: request.body }),
    );

    app.post(
      '/token/logout/',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['session'],
          summary: 'End the session of a refresh token (answers the same for unknown tokens)',
          body: logoutBodySchema,
          response: { 200: logoutReplySchema },
        },
      },
      (request) => endSession(deps, { ctx: request.ctx, input: request.body }),
    );

    app.post(
      '/sendOtpApi',
      {
        config: { auth: 'public', replyStyle: 'message' },
        schema: {
          tags: ['session'],
          summary: 'Mail a one-time sign-in code after checking username and password',
          description:
            'userkey opens to {username, password}. 429 OTP_COOLDOWN with retry_after while the previous code is ' +
            'under 120 s old; 401 INVALID_CREDENTIALS or ACCOUNT_LOCKED.',
          body: userkeyBodySchema,
          response: { 200: messageReplySchema },
        },
      },
      (request) => sendLoginOtp(deps, { ctx: request.ctx, input: request.body }),
    );
  };
}

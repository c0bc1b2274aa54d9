import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { signedInContext } from '../../http/request-context.ts';
import { messageReplySchema, resetRequestBodySchema, userkeyBodySchema } from './auth.schemas.ts';
import { changePassword } from './services/change-password.ts';
import { requestPasswordReset } from './services/request-password-reset.ts';
import { resetPassword } from './services/reset-password.ts';

// Business refusals (PASSWORD_MISMATCH, PASSWORD_POLICY, OTP_INVALID, OLD_PASSWORD_INVALID) answer HTTP 400
// with {error_code, error_msg}; never 401, which the web client would take for an expired session.
export function passwordRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/forPassEmailVerify',
      {
        config: { auth: 'public', replyStyle: 'message' },
        schema: {
          tags: ['password'],
          summary: 'Mail a password reset code (same reply whether or not the address is registered)',
          body: resetRequestBodySchema,
          response: { 200: messageReplySchema },
        },
      },
      (request) => requestPasswordReset(deps, { ctx: request.ctx, input: request.body.data }),
    );

    app.post(
      '/VerifyOtpApi',
      {
        config: { auth: 'public', replyStyle: 'message' },
        schema: {
          tags: ['password'],
          summary: 'Set a new password with a reset code; ends every session of the user',
          description:
            'userkey opens to {username (the email), otp, newPassword, confirmPassword}. 400 PASSWORD_MISMATCH, ' +
            'PASSWORD_POLICY or OTP_INVALID.',
          body: userkeyBodySchema,
          response: { 200: messageReplySchema },
        },
      },
      (request) => resetPassword(deps, { ctx: request.ctx, input: request.body }),
    );

    app.post(
      '/collapp/userChangePasswordApi',
      {
        config: { auth: 'signedIn', replyStyle: 'message' },
        schema: {
          tags: ['password'],
          summary: 'Change the signed-in user’s password; ends every session of the user',
          description:
            'userkey opens to {old_pass, new_pass, confirm_pass}. 400 OLD_PASSWORD_INVALID, PASSWORD_MISMATCH or ' +
            'PASSWORD_POLICY.',
          security: [{ bearer: [] }],
          body: userkeyBodySchema,
          response: { 200: messageReplySchema },
        },
      },
      (request) => changePassword(deps, { ctx: signedInContext(request.ctx), input: request.body }),
    );
  };
}

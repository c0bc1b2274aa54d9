import { otpRequestPayloadSchema } from '@recovery-desk/domain/sign-in.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import { translatorOf, type RequestContext } from '../../../http/request-context.ts';
import { signInCodeMail } from '../../../mail/templates.ts';
import { issueOtp, OTP_TTL_MINUTES } from '../otp-codes.ts';
import { openUserkeyPayload, parseUserkeyPayload } from '../userkey-payload.ts';
import { checkCredentials } from './check-credentials.ts';

export type OtpSentReply = { error_code: '0'; error_msg: string };

/**
 * POST /sendOtpApi: after the same credential check as sign-in, mails a one-time sign-in code to the
 * user's registered address. A second request within the cooldown is refused with the seconds to wait.
 */
export async function sendLoginOtp(
  deps: AppDeps,
  { ctx, input }: { ctx: RequestContext; input: { userkey: string } },
): Promise<OtpSentReply> {
  const payload = await openUserkeyPayload(input.userkey, deps.config.userkeyKey);
  const credentials = parseUserkeyPayload(otpRequestPayloadSchema, payload);
  const user = await checkCredentials(deps, ctx, credentials);
  const now = deps.clock.now();

  const outcome = await withTransaction(deps.db, async (tx) => {
    const issued = await issueOtp(tx, { secret: deps.config.jwtSecret, userId: user.id, purpose: 'LOGIN', now });
    if (!issued.issued) return issued;
    const mailId = await deps.mail.queue(
      tx,
      signInCodeMail(user.email, issued.code, OTP_TTL_MINUTES, translatorOf(ctx)),
    );
    await emitAudit(tx, ctx, {
      action: 'auth.otp_issued',
      entity: 'user',
      entityId: user.id,
      actor: { id: user.id, username: user.username },
      after: { purpose: 'LOGIN', mail_id: mailId },
    });
    return { issued: true as const, mailId };
  });
  if (!outcome.issued) {
    const seconds = outcome.retryAfterSeconds;
    throw new AppError('OTP_COOLDOWN', `Resend OTP in ${seconds} seconds`, {
      retryAfterSeconds: seconds,
      extra: { retry_after: seconds },
    });
  }
  deps.mail.deliver([outcome.mailId]);
  return { error_code: '0', error_msg: 'OTP sent to your registered email' };
}

import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { rateLimited } from '../../../http/app-error.ts';
import { ATTEMPTS_PER_IP } from '../../../http/rate-limit.ts';
import { translatorOf, type RequestContext } from '../../../http/request-context.ts';
import { resetCodeMail } from '../../../mail/templates.ts';
import { issueOtp, OTP_TTL_MINUTES } from '../otp-codes.ts';
import { findUserByEmail } from '../user.repository.ts';

export const RESET_REQUESTED_MESSAGE = 'If the email is registered, a reset code has been sent.';

/**
 * POST /forPassEmailVerify: mails a password reset code to a known, active address. The reply is the same
 * for known and unknown addresses and during the cooldown, so it does not tell which addresses exist;
 * the mail is sent after the reply's transaction, in the background.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  { ctx, input }: { ctx: RequestContext; input: { email: string } },
): Promise<{ error_code: '0'; error_msg: string }> {
  const perIp = await deps.limiter.hit([{ bucket: 'reset-ip', key: ctx.ip, rule: ATTEMPTS_PER_IP }], deps.clock.now());
  if (!perIp.allowed) throw rateLimited(perIp.retryAfterSeconds);

  const reply = { error_code: '0' as const, error_msg: RESET_REQUESTED_MESSAGE };
  const user = await findUserByEmail(deps.db, input.email);
  if (!user?.isActive) {
    deps.log.info({ event: 'password.reset_unknown', reqId: ctx.requestId }, 'reset asked for an unknown address');
    return reply;
  }
  const now = deps.clock.now();
  const mailId = await withTransaction(deps.db, async (tx) => {
    const issued = await issueOtp(tx, { secret: deps.config.jwtSecret, userId: user.id, purpose: 'RESET', now });
    if (!issued.issued) return null;
    const id = await deps.mail.queue(tx, resetCodeMail(user.email, issued.code, OTP_TTL_MINUTES, translatorOf(ctx)));
    await emitAudit(tx, ctx, {
      action: 'password.reset_requested',
      entity: 'user',
      entityId: user.id,
      actor: { id: user.id, username: user.username },
      after: { mail_id: id },
    });
    return id;
  });
  if (mailId !== null) deps.mail.deliver([mailId]);
  return reply;
}

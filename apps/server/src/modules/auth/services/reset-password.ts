import { resetPayloadSchema } from '@recovery-desk/domain/sign-in.ts';
import { MESSAGES } from '@recovery-desk/domain/validation.ts';
import { hashPassword } from '@recovery-desk/db/password-hash.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { RequestContext } from '../../../http/request-context.ts';
import { checkOtp } from '../otp-codes.ts';
import { consumeOtp } from '../otp.repository.ts';
import { passwordPolicyProblem } from '../password-policy.ts';
import { revokeUserSessions } from '../session.repository.ts';
import { findUserByEmail, updatePassword } from '../user.repository.ts';
import { openUserkeyPayload, parseUserkeyPayload } from '../userkey-payload.ts';
import { limitCredentialAttempt } from './check-credentials.ts';

export const INVALID_CODE_MESSAGE = 'Invalid or expired code';

/**
 * POST /VerifyOtpApi: sets a new password with a reset code. On success every session of the user ends
 * and the failed-sign-in counter and lock are cleared.
 */
export async function resetPassword(
  deps: AppDeps,
  { ctx, input }: { ctx: RequestContext; input: { userkey: string } },
): Promise<{ error_code: '0'; error_msg: string }> {
  const payload = parseUserkeyPayload(
    resetPayloadSchema,
    await openUserkeyPayload(input.userkey, deps.config.userkeyKey),
  );
  const email = payload.username;
  await limitCredentialAttempt(deps, ctx.ip, email);
  if (payload.newPassword !== payload.confirmPassword) {
    throw new AppError('PASSWORD_MISMATCH', MESSAGES.passwordMismatch);
  }
  const problem = passwordPolicyProblem(payload.newPassword, { email });
  if (problem) throw new AppError('PASSWORD_POLICY', problem);

  // Hash before looking the address up, so known and unknown addresses cost the same time.
  const newHash = await hashPassword(payload.newPassword);
  const user = await findUserByEmail(deps.db, email);
  if (!user?.isActive) throw new AppError('OTP_INVALID', INVALID_CODE_MESSAGE);

  const now = deps.clock.now();
  const actor = { id: user.id, username: user.username };
  const outcome = await withTransaction(deps.db, async (tx) => {
    const check = await checkOtp(tx, {
      secret: deps.config.jwtSecret,
      userId: user.id,
      purpose: 'RESET',
      code: payload.otp,
      now,
      consume: false,
    });
    if (!check.ok) {
      await emitAudit(tx, ctx, {
        action: 'auth.otp_failed',
        entity: 'user',
        entityId: user.id,
        actor,
        after: { purpose: 'RESET', reason: check.reason, attempts: check.attempts ?? null },
      });
      return { error: new AppError('OTP_INVALID', INVALID_CODE_MESSAGE) };
    }
    // Checked only now the code is proven, so it cannot probe which usernames exist; the code stays usable.
    const ownProblem = passwordPolicyProblem(payload.newPassword, { username: user.username, email: user.email });
    if (ownProblem) return { error: new AppError('PASSWORD_POLICY', ownProblem) };
    if (!(await consumeOtp(tx, check.otpId, now))) return { error: new AppError('OTP_INVALID', INVALID_CODE_MESSAGE) };
    await updatePassword(tx, { userId: user.id, passwordHash: newHash, now });
    const endedSessions = await revokeUserSessions(tx, user.id, now, 'password_reset');
    await emitAudit(tx, ctx, {
      action: 'password.reset',
      entity: 'user',
      entityId: user.id,
      actor,
      before: { failed_count: user.failedCount, locked_until: user.lockedUntil?.toISOString() ?? null },
      after: { failed_count: 0, locked_until: null, ended_sessions: endedSessions.length },
    });
    return { error: null };
  });
  if (outcome.error) throw outcome.error;
  return { error_code: '0', error_msg: 'Password reset successful' };
}

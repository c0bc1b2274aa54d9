import { changePasswordPayloadSchema } from '@recovery-desk/domain/sign-in.ts';
import { MESSAGES } from '@recovery-desk/domain/validation.ts';
import { hashPassword, verifyPassword } from '@recovery-desk/db/password-hash.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { SignedInContext } from '../../../http/request-context.ts';
import { passwordPolicyProblem } from '../password-policy.ts';
import { revokeUserSessions } from '../session.repository.ts';
import { findUserById, updatePassword } from '../user.repository.ts';
import { openUserkeyPayload, parseUserkeyPayload } from '../userkey-payload.ts';
import { limitCredentialAttempt } from './check-credentials.ts';

/**
 * POST /collapp/userChangePasswordApi: changes the signed-in user's password after checking the current
 * one, then ends all of the user's sessions (this one too: the client signs in again).
 */
export async function changePassword(
  deps: AppDeps,
  { ctx, input }: { ctx: SignedInContext; input: { userkey: string } },
): Promise<{ error_code: '0'; error_msg: string }> {
  const payload = parseUserkeyPayload(
    changePasswordPayloadSchema,
    await openUserkeyPayload(input.userkey, deps.config.userkeyKey),
  );
  await limitCredentialAttempt(deps, ctx.ip, ctx.user.username);
  if (payload.new_pass !== payload.confirm_pass) throw new AppError('PASSWORD_MISMATCH', MESSAGES.passwordMismatch);
  const problem = passwordPolicyProblem(payload.new_pass, { username: ctx.user.username, email: ctx.user.email });
  if (problem) throw new AppError('PASSWORD_POLICY', problem);

  const user = await findUserById(deps.db, ctx.user.id);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Authentication credentials were not provided.');
  const actor = { id: user.id, username: user.username };
  if (!(await verifyPassword(user.passwordHash, payload.old_pass))) {
    await withTransaction(deps.db, (tx) =>
      emitAudit(tx, ctx, { action: 'password.change_failed', entity: 'user', entityId: user.id, actor }),
    );
    throw new AppError('OLD_PASSWORD_INVALID', 'Old password is incorrect');
  }
  if (payload.new_pass === payload.old_pass) {
    throw new AppError('PASSWORD_POLICY', 'New password must differ from the old password');
  }

  const newHash = await hashPassword(payload.new_pass);
  const now = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    await updatePassword(tx, { userId: user.id, passwordHash: newHash, now });
    const endedSessions = await revokeUserSessions(tx, user.id, now, 'password_changed');
    await emitAudit(tx, ctx, {
      action: 'password.change',
      entity: 'user',
      entityId: user.id,
      actor,
      after: { ended_sessions: endedSessions.length },
    });
  });
  return { error_code: '0', error_msg: 'Password changed. Please sign in again.' };
}

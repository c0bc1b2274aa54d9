import { randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword } from '@recovery-desk/db/password-hash.ts';
import { addSeconds } from '../../../clock.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, rateLimited } from '../../../http/app-error.ts';
import { ATTEMPTS_PER_IP, ATTEMPTS_PER_IP_AND_USER } from '../../../http/rate-limit.ts';
import type { RequestContext } from '../../../http/request-context.ts';
import { safeText } from '../../../http/safe-text.ts';
import { failureDelayMs, LOCK_AFTER_FAILURES, LOCK_SECONDS, lockedMessage } from '../sign-in-throttle.ts';
import {
  findUserById,
  findUserByUsername,
  markSignInFailed,
  reserveSignInAttempt,
  returnSignInAttempt,
  type UserRecord,
} from '../user.repository.ts';

export const WRONG_CREDENTIALS = 'Wrong credentials entered!';

// Unknown usernames are checked against this hash so they cost the same time as real ones.
let dummyHash: Promise<string> | null = null;
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/** Counts one credential attempt against the per-address limits (reliability A2), on every instance's count. */
export async function limitCredentialAttempt(
  deps: Pick<AppDeps, 'limiter' | 'clock'>,
  ip: string,
  username: string,
): Promise<void> {
  const limit = await deps.limiter.hit(
    [
      { bucket: 'sign-in-ip', key: ip, rule: ATTEMPTS_PER_IP },
      { bucket: 'sign-in-ip-user', key: `${ip}:${username.toLowerCase()}`, rule: ATTEMPTS_PER_IP_AND_USER },
    ],
    deps.clock.now(),
  );
  if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds);
}

/**
 * Checks a username and password (POST /token/ and /sendOtpApi). Unknown user, wrong password and inactive
 * user get one identical reply, after the same work; failures are counted, delayed and lead to a temporary
 * lock; a locked account answers ACCOUNT_LOCKED without looking at the password (no guessing oracle). The attempt is
 * counted before the password is checked, so parallel attempts cannot all be checked before the lock.
 */
export async function checkCredentials(
  deps: AppDeps,
  ctx: RequestContext,
  input: { username: string; password: string },
): Promise<UserRecord> {
  await limitCredentialAttempt(deps, ctx.ip, input.username);
  const now = deps.clock.now();
  const user = await findUserByUsername(deps.db, input.username);
  const attempted = safeText(input.username, 150);

  if (!user) {
    const failure = await deps.unknownUserFailures.record(input.username, now);
    if ('locked' in failure) throw new AppError('ACCOUNT_LOCKED', lockedMessage(failure.locked, now));
    await verifyPassword(await dummyPasswordHash(), input.password);
    await withTransaction(deps.db, (tx) =>
      emitAudit(tx, ctx, {
        action: 'auth.login_failed',
        entity: 'user',
        actor: null,
        after: { username: attempted, reason: 'unknown_user' },
      }),
    );
    return failAfterDelay(deps, ctx, failure, now);
  }

  const lockUntil = addSeconds(now, LOCK_SECONDS);
  const reserved = await reserveSignInAttempt(deps.db, {
    userId: user.id,
    now,
    lockAfter: LOCK_AFTER_FAILURES,
    lockUntil,
  });
  if (!reserved) {
    // Locked: by the row read above, or by a parallel attempt since (then read the lock it set).
    const lockedUntil =
      user.lockedUntil && user.lockedUntil > now
        ? user.lockedUntil
        : ((await findUserById(deps.db, user.id))?.lockedUntil ?? lockUntil);
    await withTransaction(deps.db, (tx) =>
      emitAudit(tx, ctx, {
        action: 'auth.login_failed',
        entity: 'user',
        entityId: user.id,
        actor: user,
        after: { reason: 'locked', locked_until: lockedUntil.toISOString() },
      }),
    );
    throw new AppError('ACCOUNT_LOCKED', lockedMessage(lockedUntil, now));
  }

  const passwordOk = await verifyPassword(user.passwordHash, input.password);
  if (passwordOk && user.isActive) {
    await returnSignInAttempt(deps.db, {
      userId: user.id,
      itsLock: reserved.lockedUntil,
      lockAfter: LOCK_AFTER_FAILURES,
    });
    return user;
  }

  await withTransaction(deps.db, async (tx) => {
    await markSignInFailed(tx, { userId: user.id, now });
    await emitAudit(tx, ctx, {
      action: 'auth.login_failed',
      entity: 'user',
      entityId: user.id,
      actor: user,
      before: { failed_count: reserved.failedCount - 1 },
      after: { reason: user.isActive ? 'wrong_password' : 'inactive', failed_count: reserved.failedCount },
    });
    if (reserved.lockedUntil) {
      await emitAudit(tx, ctx, {
        action: 'auth.account_locked',
        entity: 'user',
        entityId: user.id,
        actor: user,
        after: { locked_until: reserved.lockedUntil.toISOString() },
      });
    }
  });
  return failAfterDelay(deps, ctx, reserved, now);
}

async function failAfterDelay(
  deps: AppDeps,
  ctx: RequestContext,
  failure: { failedCount: number; lockedUntil: Date | null },
  now: Date,
): Promise<never> {
  deps.log.warn(
    { event: 'auth.login_failed', reqId: ctx.requestId, ip: ctx.ip, failedCount: failure.failedCount },
    'sign-in failed',
  );
  await deps.clock.sleep(failureDelayMs(failure.failedCount));
  if (failure.lockedUntil) throw new AppError('ACCOUNT_LOCKED', lockedMessage(failure.lockedUntil, now));
  throw new AppError('INVALID_CREDENTIALS', WRONG_CREDENTIALS);
}

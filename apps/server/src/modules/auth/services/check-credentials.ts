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
import { findUserByUsername, recordFailedSignIn, type UserRecord } from '../user.repository.ts';

export const WRONG_CREDENTIALS = 'Wrong credentials entered!';

// Unknown usernames are checked against this hash so they cost the same time as real ones.
let dummyHash: Promise<string> | null = null;
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/** Counts one credential attempt against the per-address limits (reliability A2). */
export function limitCredentialAttempt(deps: Pick<AppDeps, 'limiter' | 'clock'>, ip: string, username: string): void {
  const now = deps.clock.now();
  const perIp = deps.limiter.hit(`ip:${ip}`, ATTEMPTS_PER_IP, now);
  const perUser = deps.limiter.hit(`ip-user:${ip}:${username.toLowerCase()}`, ATTEMPTS_PER_IP_AND_USER, now);
  if (!perIp.allowed) throw rateLimited(perIp.retryAfterSeconds);
  if (!perUser.allowed) throw rateLimited(perUser.retryAfterSeconds);
}

/**
 * Checks a username and password (POST /token/ and /sendOtpApi). Unknown user, wrong password and inactive
 * user get one identical reply, after the same work; failures are counted, delayed and lead to a temporary
 * lock; a locked account answers ACCOUNT_LOCKED without looking at the password (no guessing oracle).
 */
export async function checkCredentials(
  deps: AppDeps,
  ctx: RequestContext,
  input: { username: string; password: string },
): Promise<UserRecord> {
  limitCredentialAttempt(deps, ctx.ip, input.username);
  const now = deps.clock.now();
  const user = await findUserByUsername(deps.db, input.username);
  const attempted = safeText(input.username, 150);

  if (!user) {
    const phantomLock = deps.unknownUserFailures.lockedUntil(input.username, now);
    if (phantomLock) throw new AppError('ACCOUNT_LOCKED', lockedMessage(phantomLock, now));
    await verifyPassword(await dummyPasswordHash(), input.password);
    const failure = deps.unknownUserFailures.record(input.username, now);
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

  if (user.lockedUntil && user.lockedUntil > now) {
    await withTransaction(deps.db, (tx) =>
      emitAudit(tx, ctx, {
        action: 'auth.login_failed',
        entity: 'user',
        entityId: user.id,
        actor: user,
        after: { reason: 'locked', locked_until: user.lockedUntil?.toISOString() },
      }),
    );
    throw new AppError('ACCOUNT_LOCKED', lockedMessage(user.lockedUntil, now));
  }

  const passwordOk = await verifyPassword(user.passwordHash, input.password);
  if (passwordOk && user.isActive) return user;

  const failure = await withTransaction(deps.db, async (tx) => {
    const counted = await recordFailedSignIn(tx, {
      userId: user.id,
      now,
      lockAfter: LOCK_AFTER_FAILURES,
      lockUntil: addSeconds(now, LOCK_SECONDS),
    });
    const lockedNow = counted.failedCount >= LOCK_AFTER_FAILURES;
    await emitAudit(tx, ctx, {
      action: 'auth.login_failed',
      entity: 'user',
      entityId: user.id,
      actor: user,
      before: { failed_count: user.failedCount },
      after: { reason: user.isActive ? 'wrong_password' : 'inactive', failed_count: counted.failedCount },
    });
    if (lockedNow) {
      await emitAudit(tx, ctx, {
        action: 'auth.account_locked',
        entity: 'user',
        entityId: user.id,
        actor: user,
        after: { locked_until: counted.lockedUntil?.toISOString() },
      });
    }
    return { failedCount: counted.failedCount, lockedUntil: lockedNow ? counted.lockedUntil : null };
  });
  return failAfterDelay(deps, ctx, failure, now);
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

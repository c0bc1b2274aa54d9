import { randomUUID } from 'node:crypto';
import { addSeconds } from '../../clock.ts';
import type { Transaction } from '../../db/transaction.ts';
import type { AppDeps } from '../../deps.ts';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token.ts';
import { insertRefreshToken } from './session.repository.ts';

export type SessionTokens = { access: string; refresh: string; familyId: string };

/**
 * Refresh tokens of one sign-in form a family: each use rotates to a new token of the family, which keeps
 * the family's absolute end (SESSION_MAX_SECONDS); each token also expires after the idle timeout.
 * This issues the next token (and an access token) of a family.
 */
export async function continueSession(
  tx: Transaction,
  deps: Pick<AppDeps, 'config' | 'accessTokens'>,
  input: { userId: number; familyId: string; familyExpiresAt: Date; now: Date },
): Promise<SessionTokens> {
  const refresh = newOpaqueToken();
  const idleEnd = addSeconds(input.now, deps.config.refreshTokenTtlSeconds);
  await insertRefreshToken(tx, {
    id: randomUUID(),
    familyId: input.familyId,
    userId: input.userId,
    tokenHash: hashOpaqueToken(refresh),
    issuedAt: input.now,
    expiresAt: idleEnd < input.familyExpiresAt ? idleEnd : input.familyExpiresAt,
    familyExpiresAt: input.familyExpiresAt,
  });
  const access = await deps.accessTokens.sign({ userId: input.userId, familyId: input.familyId });
  return { access, refresh, familyId: input.familyId };
}

/** Starts a new session family for a user who has just proven who they are. */
export function openSession(
  tx: Transaction,
  deps: Pick<AppDeps, 'config' | 'accessTokens'>,
  input: { userId: number; now: Date },
): Promise<SessionTokens> {
  return continueSession(tx, deps, {
    userId: input.userId,
    familyId: randomUUID(),
    familyExpiresAt: addSeconds(input.now, deps.config.sessionMaxSeconds),
    now: input.now,
  });
}

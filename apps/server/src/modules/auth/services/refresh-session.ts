import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { RequestContext } from '../../../http/request-context.ts';
import { hashOpaqueToken } from '../opaque-token.ts';
import { continueSession } from '../session-issuer.ts';
import { findRefreshToken, revokeFamily, spendRefreshToken } from '../session.repository.ts';
import { findUserById } from '../user.repository.ts';

export const REFRESH_INVALID_MESSAGE = 'Token is invalid or expired';

/**
 * POST /token/refresh/: rotates a refresh token (reliability A4). A token can be spent once; presenting a
 * spent one again means it was copied, so its whole family (every session token descended from that
 * sign-in) is revoked and the event audited.
 */
export async function refreshSession(
  deps: AppDeps,
  { ctx, input }: { ctx: RequestContext; input: { refresh: string } },
): Promise<{ access: string; refresh: string }> {
  const now = deps.clock.now();
  const tokenHash = hashOpaqueToken(input.refresh);
  const outcome = await withTransaction(deps.db, async (tx) => {
    const spent = await spendRefreshToken(tx, tokenHash, now);
    if (spent) {
      const user = await findUserById(tx, spent.userId);
      if (!user?.isActive) {
        const revoked = await revokeFamily(tx, spent.familyId, now, 'user_inactive');
        await emitAudit(tx, ctx, {
          action: 'session.revoked',
          entity: 'session',
          entityId: spent.familyId,
          actor: user ? { id: user.id, username: user.username } : null,
          after: { reason: 'user_inactive', revoked_tokens: revoked },
        });
        return { ok: false as const };
      }
      const session = await continueSession(tx, deps, {
        userId: spent.userId,
        familyId: spent.familyId,
        familyExpiresAt: spent.familyExpiresAt,
        now,
      });
      await emitAudit(tx, ctx, {
        action: 'session.refresh',
        entity: 'session',
        entityId: spent.familyId,
        actor: { id: user.id, username: user.username },
      });
      return { ok: true as const, session };
    }

    const known = await findRefreshToken(tx, tokenHash);
    if (known?.usedAt && !known.revokedAt) {
      const revoked = await revokeFamily(tx, known.familyId, now, 'reuse_detected');
      const user = await findUserById(tx, known.userId);
      await emitAudit(tx, ctx, {
        action: 'session.refresh_reuse',
        entity: 'session',
        entityId: known.familyId,
        actor: user ? { id: user.id, username: user.username } : null,
        after: { revoked_tokens: revoked },
      });
      deps.log.warn(
        { event: 'session.refresh_reuse', reqId: ctx.requestId, ip: ctx.ip, familyId: known.familyId },
        'a spent refresh token was presented again; its session family is revoked',
      );
    }
    return { ok: false as const };
  });
  if (!outcome.ok) throw new AppError('REFRESH_INVALID', REFRESH_INVALID_MESSAGE);
  return { access: outcome.session.access, refresh: outcome.session.refresh };
}

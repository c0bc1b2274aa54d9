import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import type { RequestContext } from '../../../http/request-context.ts';
import { hashOpaqueToken } from '../opaque-token.ts';
import { findRefreshToken, revokeFamily } from '../session.repository.ts';
import { findUserById } from '../user.repository.ts';

/**
 * POST /token/logout/: revokes the session family of the given refresh token (its access tokens stop
 * working at once). Answers the same for unknown tokens: the client clears its session regardless.
 */
export async function endSession(
  deps: AppDeps,
  { ctx, input }: { ctx: RequestContext; input: { refresh_token: string } },
): Promise<{ detail: 'Logged out' }> {
  const now = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    const token = await findRefreshToken(tx, hashOpaqueToken(input.refresh_token));
    if (!token) return;
    const revoked = await revokeFamily(tx, token.familyId, now, 'logout');
    if (revoked === 0) return;
    const user = await findUserById(tx, token.userId);
    await emitAudit(tx, ctx, {
      action: 'auth.logout',
      entity: 'session',
      entityId: token.familyId,
      actor: user ? { id: user.id, username: user.username } : null,
      after: { revoked_tokens: revoked },
    });
  });
  return { detail: 'Logged out' };
}

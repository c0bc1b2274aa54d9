import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, rateLimited } from '../../../http/app-error.ts';
import { ATTEMPTS_PER_IP } from '../../../http/rate-limit.ts';
import type { RequestContext } from '../../../http/request-context.ts';
import { hashOpaqueToken } from '../opaque-token.ts';
import { openSession } from '../session-issuer.ts';
import { revokeFamily } from '../session.repository.ts';
import { redeemSsoGrantRow } from '../sso.repository.ts';
import { findUserById } from '../user.repository.ts';
import { SSO_FAILED_MESSAGE } from './finish-sso.ts';

/**
 * POST /token/ with {access, ssoaccess}: exchanges the one-time grant of a single sign-on callback. The
 * grant must be live, unused and belong to the access token's user and session; the session whose tokens
 * travelled in the callback URL is then revoked and a fresh one returned.
 */
export async function redeemSsoGrant(
  deps: AppDeps,
  { ctx, input }: { ctx: RequestContext; input: { access: string; ssoaccess: string } },
): Promise<{ access: string; refresh: string; error_code: '0' }> {
  const limit = await deps.limiter.hit([{ bucket: 'sso-ip', key: ctx.ip, rule: ATTEMPTS_PER_IP }], deps.clock.now());
  if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds);

  const claims = await deps.accessTokens.verify(input.access);
  const now = deps.clock.now();
  const outcome = await withTransaction(deps.db, async (tx) => {
    const grant = await redeemSsoGrantRow(tx, hashOpaqueToken(input.ssoaccess), now);
    const user = claims ? await findUserById(tx, claims.userId) : undefined;
    const matches = grant && claims && user?.isActive && grant.userId === user.id && grant.familyId === claims.familyId;
    if (!matches || !grant || !user) {
      await emitAudit(tx, ctx, {
        action: 'sso.redeem_failed',
        entity: 'session',
        entityId: claims?.familyId ?? null,
        actor: user ? { id: user.id, username: user.username } : null,
        after: { reason: !claims ? 'bad_access_token' : !grant ? 'unknown_or_used_grant' : 'mismatch' },
      });
      return null;
    }
    await revokeFamily(tx, grant.familyId, now, 'sso_redeemed');
    const session = await openSession(tx, deps, { userId: user.id, now });
    await emitAudit(tx, ctx, {
      action: 'sso.redeem',
      entity: 'session',
      entityId: session.familyId,
      actor: { id: user.id, username: user.username },
      before: { family_id: grant.familyId },
    });
    return session;
  });
  if (!outcome) throw new AppError('SSO_FAILED', SSO_FAILED_MESSAGE);
  return { access: outcome.access, refresh: outcome.refresh, error_code: '0' };
}

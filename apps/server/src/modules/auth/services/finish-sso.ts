import { randomUUID } from 'node:crypto';
import { addSeconds } from '../../../clock.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { rateLimited } from '../../../http/app-error.ts';
import { ATTEMPTS_PER_IP } from '../../../http/rate-limit.ts';
import type { RequestContext } from '../../../http/request-context.ts';
import { safeText } from '../../../http/safe-text.ts';
import { hashOpaqueToken, newOpaqueToken } from '../opaque-token.ts';
import { openSession } from '../session-issuer.ts';
import { insertSsoGrant, takeSsoRequest } from '../sso.repository.ts';
import { findUserByEmail, findUserByUsername, type UserRecord } from '../user.repository.ts';
import { DEFAULT_RESOURCE_APP, requireSso } from './start-sso.ts';

export const SSO_FAILED_MESSAGE = 'User Authentication Failed!!';
export const SSO_GRANT_SECONDS = 60;

export type SsoCallbackInput = {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
};

function callbackBase(deps: AppDeps): string {
  return `${deps.config.publicUrl ?? ''}/callback`;
}

function query(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
}

async function identityUser(deps: AppDeps, email: string | null, username: string | null): Promise<UserRecord | null> {
  const byEmail = email ? await findUserByEmail(deps.db, email) : undefined;
  const user = byEmail ?? (username ? await findUserByUsername(deps.db, username) : undefined);
  return user?.isActive ? user : null;
}

/**
 * GET /sso/callback: completes single sign-on and redirects to the web app's /callback with the session
 * tokens and a one-time grant (60 s) that POST /token/ exchanges for a session whose tokens were never in
 * a URL. Any failure redirects with the spec's message.
 */
export async function finishSso(
  deps: AppDeps,
  { ctx, input, rawQuery }: { ctx: RequestContext; input: SsoCallbackInput; rawQuery: string },
): Promise<{ location: string }> {
  const sso = requireSso(deps);
  const limit = await deps.limiter.hit([{ bucket: 'sso-ip', key: ctx.ip, rule: ATTEMPTS_PER_IP }], deps.clock.now());
  if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds);
  const failure = { location: `${callbackBase(deps)}?${query({ detail: SSO_FAILED_MESSAGE })}` };
  const audited = async (reason: string, extra: Record<string, unknown> = {}) => {
    deps.log.warn({ event: 'sso.login_failed', reqId: ctx.requestId, reason }, 'single sign-on failed');
    await withTransaction(deps.db, (tx) =>
      emitAudit(tx, ctx, { action: 'sso.login_failed', entity: 'user', actor: null, after: { reason, ...extra } }),
    );
    return failure;
  };

  const now = deps.clock.now();
  const pending = input.state ? await takeSsoRequest(deps.db, input.state, now) : undefined;
  if (!pending) {
    // Not a sign-in we started (or one already completed): nothing to audit, only to refuse.
    deps.log.warn(
      { event: 'sso.unknown_state', reqId: ctx.requestId },
      'single sign-on callback with an unknown state',
    );
    return failure;
  }
  if (input.error || !input.code) return audited('provider_error', { error: safeText(input.error ?? 'no code', 100) });

  let identity;
  try {
    const callbackUrl = new URL(sso.redirectUri());
    callbackUrl.search = rawQuery;
    identity = await sso.exchange({
      callbackUrl,
      state: input.state ?? '',
      nonce: pending.nonce,
      codeVerifier: pending.codeVerifier,
    });
  } catch (error) {
    deps.log.warn({ event: 'sso.exchange_failed', reqId: ctx.requestId, err: error }, 'code exchange failed');
    return audited('exchange_failed');
  }

  const user = await identityUser(deps, identity.email, identity.preferredUsername);
  if (!user) {
    return audited('unknown_user', { email: identity.email ? safeText(identity.email, 254) : null });
  }

  const grant = newOpaqueToken();
  const session = await withTransaction(deps.db, async (tx) => {
    const opened = await openSession(tx, deps, { userId: user.id, now });
    await insertSsoGrant(tx, {
      id: randomUUID(),
      userId: user.id,
      grantHash: hashOpaqueToken(grant),
      familyId: opened.familyId,
      expiresAt: addSeconds(now, SSO_GRANT_SECONDS),
      createdAt: now,
    });
    await emitAudit(tx, ctx, {
      action: 'sso.login',
      entity: 'session',
      entityId: opened.familyId,
      actor: { id: user.id, username: user.username },
      after: { subject: safeText(identity.subject, 255) },
    });
    return opened;
  });
  return {
    location: `${callbackBase(deps)}?${query({
      access: session.access,
      refresh: session.refresh,
      ssoaccess: grant,
      resourceApp: pending.resourceApp ?? DEFAULT_RESOURCE_APP,
    })}`,
  };
}

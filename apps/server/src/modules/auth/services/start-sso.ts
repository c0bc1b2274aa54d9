import { addSeconds } from '../../../clock.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, rateLimited } from '../../../http/app-error.ts';
import { ATTEMPTS_PER_IP } from '../../../http/rate-limit.ts';
import type { RequestContext } from '../../../http/request-context.ts';
import { ssoRandom, type SsoClient } from '../sso-client.ts';
import { deleteExpiredSsoRequests, insertSsoRequest } from '../sso.repository.ts';

export const SSO_REQUEST_SECONDS = 600;
export const DEFAULT_RESOURCE_APP = 'casapp';

export function requireSso(deps: Pick<AppDeps, 'sso'>): SsoClient {
  if (!deps.sso) throw new AppError('SSO_DISABLED', 'Single sign-on is not configured');
  return deps.sso;
}

/**
 * GET /sso/login: the provider's authorization URL for a new single sign-on attempt. The state, nonce and
 * PKCE verifier wait in sso_requests for 10 minutes. (Pre-sign-in scratch data, like the rate limiter's
 * counters: not audited; the outcome at the callback is.)
 */
export async function startSso(
  deps: AppDeps,
  { ctx, input }: { ctx: RequestContext; input: { resourceApp?: string | undefined } },
): Promise<{ login_url: string }> {
  const sso = requireSso(deps);
  const limit = await deps.limiter.hit([{ bucket: 'sso-ip', key: ctx.ip, rule: ATTEMPTS_PER_IP }], deps.clock.now());
  if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds);

  const state = ssoRandom.state();
  const nonce = ssoRandom.nonce();
  const codeVerifier = ssoRandom.codeVerifier();
  const loginUrl = await sso.authorizationUrl({
    state,
    nonce,
    codeChallenge: await ssoRandom.codeChallenge(codeVerifier),
  });
  const now = deps.clock.now();
  await deleteExpiredSsoRequests(deps.db, now);
  await insertSsoRequest(deps.db, {
    state,
    nonce,
    codeVerifier,
    resourceApp: input.resourceApp ?? DEFAULT_RESOURCE_APP,
    expiresAt: addSeconds(now, SSO_REQUEST_SECONDS),
    createdAt: now,
  });
  return { login_url: loginUrl };
}

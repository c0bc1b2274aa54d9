import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { openTestDatabase } from '@recovery-desk/db/test-database.ts';
import { createUser, ensureOrganisation, uniqueName } from './factories.ts';
import {
  freePort,
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  signInAtProvider,
  startOidcProvider,
} from './support/oidc-test-provider.ts';
import { auditRows, bearer, createTestApp, postToken, signIn, type TestApp, type Tokens } from './support/test-app.ts';

const FAILED_LOCATION = '/callback?detail=User%20Authentication%20Failed!!';

describe.each(testDatabaseKinds())('single sign-on with a real OpenID provider (%s)', (kind) => {
  let handle: DatabaseHandle;
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  let t: TestApp;
  let appUrl: string;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    const redirectUri = `${appUrl}/sso/callback`;
    provider = await startOidcProvider(redirectUri);
    t = await createTestApp(handle.db, {
      config: {
        oidc: { issuer: provider.issuer, clientId: OIDC_CLIENT_ID, clientSecret: OIDC_CLIENT_SECRET, redirectUri },
      },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
    await handle?.close();
  });

  /** The whole browser journey: /sso/login → provider sign-in → our callback → its redirect. */
  async function journey(login: string, resourceApp?: string): Promise<string> {
    const start = await fetch(`${appUrl}/sso/login${resourceApp ? `?resourceApp=${resourceApp}` : ''}`);
    expect(start.status).toBe(200);
    const { login_url: loginUrl } = (await start.json()) as { login_url: string };
    const authorize = new URL(loginUrl);
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();

    const callbackUrl = await signInAtProvider(loginUrl, login, `${appUrl}/sso/callback`);
    const callback = await fetch(callbackUrl, { redirect: 'manual' });
    expect(callback.status).toBe(302);
    return callback.headers.get('location') ?? '';
  }

  it('announces single sign-on in the public configuration', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/public-config' });
    expect(response.json<{ ssoEnabled: boolean }>().ssoEnabled).toBe(true);
  });

  it('uses the configured provider, not the demo one, even in demo mode', async () => {
    expect(t.config.demoMode).toBe(true);
    const demo = await t.inject({ method: 'GET', url: '/demo-idp/.well-known/openid-configuration' });
    expect(demo.statusCode).toBe(404);
  });

  it('signs a known user in: tokens and a one-time grant in the redirect; the grant redeems once', async () => {
    const user = await createUser(handle.db, { email: `${uniqueName('sso.user')}@lender.test` });
    const location = await journey(user.email);
    expect(location.startsWith('/callback?')).toBe(true);
    const params = new URL(location, appUrl).searchParams;
    expect([...params.keys()]).toEqual(['access', 'refresh', 'ssoaccess', 'resourceApp']);
    expect(params.get('resourceApp')).toBe('casapp');
    const urlTokens = {
      access: params.get('access')!,
      refresh: params.get('refresh')!,
      grant: params.get('ssoaccess')!,
    };

    const redeemed = await postToken(t, { access: urlTokens.access, ssoaccess: urlTokens.grant });
    expect(redeemed.statusCode).toBe(200);
    const fresh = redeemed.json<Tokens & { error_code: string }>();
    expect(fresh.error_code).toBe('0');
    expect(fresh.refresh).not.toBe(urlTokens.refresh);

    const profile = await t.inject({ method: 'GET', url: '/collapp/getuserprofile', headers: bearer(fresh.access) });
    expect(profile.json<{ data: { user_details: { id: number } }[] }>().data[0]!.user_details.id).toBe(user.id);

    // The session whose tokens travelled in the URL is closed.
    const urlRefresh = await t.inject({
      method: 'POST',
      url: '/token/refresh/',
      payload: { refresh: urlTokens.refresh },
    });
    expect(urlRefresh.statusCode).toBe(401);

    // Single use.
    const again = await postToken(t, { access: urlTokens.access, ssoaccess: urlTokens.grant });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ detail: 'User Authentication Failed!!', error_code: 'SSO_FAILED' });

    expect(await auditRows(handle.db, { action: 'sso.login' })).not.toHaveLength(0);
    expect((await auditRows(handle.db, { action: 'sso.redeem' })).some((row) => row.actorUserId === user.id)).toBe(
      true,
    );
  });

  it('matches by preferred_username when no user has the address, and keeps resourceApp', async () => {
    const username = uniqueName('sso.name');
    await createUser(handle.db, { username, email: `${username}@elsewhere.test` });
    const location = await journey(`${username}@idp-only.test`, 'breapp');
    const params = new URL(location, appUrl).searchParams;
    expect(params.get('ssoaccess')).toBeTruthy();
    expect(params.get('resourceApp')).toBe('breapp');
  });

  it('redirects an unknown user with the spec message', async () => {
    const location = await journey(`${uniqueName('stranger')}@nowhere.test`);
    expect(location).toBe(FAILED_LOCATION);
    const failures = await auditRows(handle.db, { action: 'sso.login_failed' });
    expect(failures.some((row) => (row.after as { reason: string }).reason === 'unknown_user')).toBe(true);
  });

  it('refuses a grant with another user’s access token, an expired grant, and garbage', async () => {
    const user = await createUser(handle.db, { email: `${uniqueName('sso.a')}@lender.test` });
    const other = await createUser(handle.db);
    const params = new URL(await journey(user.email), appUrl).searchParams;
    const grant = params.get('ssoaccess')!;
    const otherAccess = (await signIn(t, other)).access;

    const mismatch = await postToken(t, { access: otherAccess, ssoaccess: grant });
    expect(mismatch.json()).toEqual({ detail: 'User Authentication Failed!!', error_code: 'SSO_FAILED' });
    const garbage = await postToken(t, { access: 'not.a.jwt', ssoaccess: 'nope' });
    expect(garbage.statusCode).toBe(401);

    const second = new URL(await journey(user.email), appUrl).searchParams;
    t.clock.advance(61);
    const late = await postToken(t, { access: second.get('access')!, ssoaccess: second.get('ssoaccess')! });
    expect(late.statusCode).toBe(401);
    t.clock.advance(-61);
  });

  it('redirects with the failure message for an unknown or replayed state', async () => {
    const response = await fetch(`${appUrl}/sso/callback?code=made-up&state=${uniqueName('state')}`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(FAILED_LOCATION);
  });
});

describe.each(testDatabaseKinds())('single sign-on switched off (%s)', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('answers 404 SSO_DISABLED outside demo mode without OIDC_ISSUER', async () => {
    const t = await createTestApp(handle.db, { config: { demoMode: false } });
    try {
      for (const url of ['/sso/login', '/sso/callback?code=x&state=y']) {
        const response = await t.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: 'Single sign-on is not configured', error_code: 'SSO_DISABLED' });
      }
    } finally {
      await t.close();
    }
  });

  it('answers 503 SSO_UNAVAILABLE while the provider cannot be reached', async () => {
    const port = await freePort();
    const t = await createTestApp(handle.db, {
      config: {
        oidc: {
          issuer: `http://127.0.0.1:${port}`,
          clientId: 'x',
          clientSecret: null,
          redirectUri: 'http://127.0.0.1:1/sso/callback',
        },
      },
    });
    try {
      const response = await t.inject({ method: 'GET', url: '/sso/login' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        detail: 'Single sign-on provider cannot be reached',
        error_code: 'SSO_UNAVAILABLE',
      });
    } finally {
      await t.close();
    }
  });
});

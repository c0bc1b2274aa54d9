import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { openTestDatabase } from '@recovery-desk/db/test-database.ts';
import { createUser, DEFAULT_PASSWORD, ensureOrganisation, uniqueName } from './factories.ts';
import { freePort } from './support/oidc-test-provider.ts';
import { auditRows, bearer, createTestApp, postToken, type TestApp, type Tokens } from './support/test-app.ts';

// The demo identity provider: in demo mode without OIDC_ISSUER, "For Internal Login" signs in through a real OpenID
// provider served by the same process under /demo-idp, whose sign-in page checks the demo user's real password.

/** A browser stand-in: keeps cookies, follows redirects by hand until a URL starts with `stopAt`. */
class Browser {
  private readonly cookies = new Map<string, string>();

  private remember(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
  }

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    };
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      redirect: 'manual',
      headers,
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    this.remember(response);
    return response;
  }

  /** Follows redirects from `url`; returns the first URL starting with `stopAt`, or the page that did not redirect. */
  async follow(url: string, stopAt: string): Promise<{ url: string; response: Response | null }> {
    let current = url;
    for (let step = 0; step < 20; step += 1) {
      if (current.startsWith(stopAt)) return { url: current, response: null };
      const response = await this.request(current);
      const location = response.headers.get('location');
      if (!location) return { url: current, response };
      current = new URL(location, current).toString();
    }
    throw new Error('too many redirects');
  }
}

describe.each(testDatabaseKinds())('the demo identity provider (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let appUrl: string;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    t = await createTestApp(handle.db, { config: { demoMode: true, oidc: null, host: '127.0.0.1', port } });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await handle?.close();
  });

  /** /sso/login → the demo provider's sign-in page; returns its form action and the browser. */
  async function openProviderPage(): Promise<{ browser: Browser; action: string; html: string }> {
    const start = await fetch(`${appUrl}/sso/login`);
    expect(start.status).toBe(200);
    const { login_url: loginUrl } = (await start.json()) as { login_url: string };
    expect(loginUrl.startsWith(`${appUrl}/demo-idp/auth?`), loginUrl).toBe(true);
    const browser = new Browser();
    const { response } = await browser.follow(loginUrl, `${appUrl}/sso/callback`);
    expect(response?.status).toBe(200);
    const html = await response!.text();
    const action = /<form method="post" action="([^"]+\/login)"/.exec(html)?.[1];
    expect(action).toBeTruthy();
    return { browser, action: new URL(action!, appUrl).toString(), html };
  }

  it('announces single sign-on and publishes its discovery document under /demo-idp', async () => {
    const config = await t.inject({ method: 'GET', url: '/api/public-config' });
    expect(config.json<{ ssoEnabled: boolean }>().ssoEnabled).toBe(true);
    const discovery = await fetch(`${appUrl}/demo-idp/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(`${appUrl}/demo-idp`);
  });

  it('signs a user in with their real password and redirects to /callback with tokens and a one-time grant', async () => {
    const user = await createUser(handle.db, { username: uniqueName('sso.demo') });
    const { browser, action, html } = await openProviderPage();
    expect(html).toContain('Demo identity provider');
    expect(html).toContain('tc.andheri');

    const submitted = await browser.request(action, { form: { username: user.username, password: DEFAULT_PASSWORD } });
    const next = submitted.headers.get('location');
    expect(next).toBeTruthy();
    const { url: callbackUrl } = await browser.follow(new URL(next!, action).toString(), `${appUrl}/sso/callback`);
    const callback = await fetch(callbackUrl, { redirect: 'manual' });
    expect(callback.status).toBe(302);
    const location = callback.headers.get('location') ?? '';
    expect(location.startsWith('/callback?access=')).toBe(true);
    const params = new URL(location, appUrl).searchParams;

    const redeemed = await postToken(t, { access: params.get('access')!, ssoaccess: params.get('ssoaccess')! });
    expect(redeemed.statusCode).toBe(200);
    const session = redeemed.json<Tokens>();
    const profile = await t.inject({ method: 'GET', url: '/collapp/getuserprofile', headers: bearer(session.access) });
    expect(profile.statusCode).toBe(200);
    expect(await auditRows(handle.db, { action: 'sso.login' })).not.toHaveLength(0);
  });

  it('refuses a wrong password on its page, counts the failure, and gives no tokens', async () => {
    const user = await createUser(handle.db, { username: uniqueName('sso.wrong') });
    const { browser, action } = await openProviderPage();
    const refused = await browser.request(action, { form: { username: user.username, password: 'not-the-password' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('location')).toBeNull();
    expect(await refused.text()).toContain('Wrong username or password.');
    const failures = await auditRows(handle.db, { action: 'auth.login_failed', entityId: user.id });
    expect(failures).toHaveLength(1);

    const unknown = await browser.request(action, { form: { username: 'nobody.here', password: DEFAULT_PASSWORD } });
    expect(unknown.status).toBe(401);
  });

  it('ends with the failure message when the user cancels at the provider', async () => {
    const { browser, action } = await openProviderPage();
    const cancelled = await browser.request(action.replace(/\/login$/, '/abort'), { form: {} });
    const next = cancelled.headers.get('location');
    expect(next).toBeTruthy();
    const { url: callbackUrl } = await browser.follow(new URL(next!, action).toString(), `${appUrl}/sso/callback`);
    const callback = await fetch(callbackUrl, { redirect: 'manual' });
    expect(callback.headers.get('location')).toBe('/callback?detail=User%20Authentication%20Failed!!');
  });
});

describe.each(testDatabaseKinds())('outside demo mode (%s)', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('serves no demo identity provider and single sign-on is off', async () => {
    const t = await createTestApp(handle.db, { config: { demoMode: false, oidc: null } });
    try {
      for (const url of ['/demo-idp/.well-known/openid-configuration', '/demo-idp/interaction/x']) {
        expect((await t.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
      const config = await t.inject({ method: 'GET', url: '/api/public-config' });
      expect(config.json<{ ssoEnabled: boolean }>().ssoEnabled).toBe(false);
    } finally {
      await t.close();
    }
  });
});

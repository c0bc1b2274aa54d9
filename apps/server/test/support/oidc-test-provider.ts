import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export const OIDC_CLIENT_ID = 'recovery-desk-test';
export const OIDC_CLIENT_SECRET = 'recovery-desk-test-secret-0123456789';

/** A free TCP port on 127.0.0.1 (for a server whose address must be known before it starts). */
export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1. Its development login form accepts any
 * login; the login becomes the account id, and the account's email and preferred_username claims.
 */
export async function startOidcProvider(redirectUri: string): Promise<{ issuer: string; close: () => Promise<void> }> {
  let handler: ((request: http.IncomingMessage, response: http.ServerResponse) => void) | null = null;
  const server = http.createServer((request, response) => handler?.(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig' }] },
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: true, preferred_username: id.split('@')[0] }),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username'] },
    conformIdTokenClaims: false,
    cookies: { keys: ['oidc-test-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: true } },
  });
  handler = provider.callback();
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser stand-in: follows redirects by hand, keeps cookies, submits the provider's forms. */
export async function signInAtProvider(loginUrl: string, login: string, stopAt: string): Promise<string> {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const remember = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
  };

  let url = loginUrl;
  for (let step = 0; step < 20; step += 1) {
    if (url.startsWith(stopAt)) return url;
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader() } });
    remember(response);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected provider page (${response.status}): ${html.slice(0, 300)}`);
    const form = new URLSearchParams({ prompt, login, password: 'any-password' });
    const submitted = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    remember(submitted);
    const next = submitted.headers.get('location');
    if (!next) throw new Error(`the provider did not redirect after ${prompt} (${submitted.status})`);
    url = new URL(next, url).toString();
  }
  throw new Error('too many redirects at the provider');
}

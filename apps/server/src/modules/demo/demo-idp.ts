import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import type { default as Provider, OidcContext } from 'oidc-provider';
import type { CustomFetch } from 'openid-client';
import { DEMO_USERS } from '@recovery-desk/db/seed-demo.ts';
import type { Config, OidcConfig } from '../../config.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { translatorOf, type RequestContext } from '../../http/request-context.ts';
import { checkCredentials, findUserByUsername } from '../auth/index.ts';

// The demo identity provider (demo mode without OIDC_ISSUER): a real OpenID Connect provider (oidc-provider) served
// by this process under /demo-idp, so "For Internal Login" works end to end on a closed network. Its sign-in page
// takes a demo user's username and REAL password, checked by the same credential check as /token/ (rate limits,
// lockout, audit), so it gives no account away. The server's single sign-on client reaches it in-process
// (fastify.inject), never over the network; the browser reaches it at ISSUER = PUBLIC_URL/demo-idp, else
// http://<HOST or localhost>:<port>/demo-idp. State (interactions, codes, sessions) is in memory: one process only.

export const DEMO_IDP_PATH = '/demo-idp';
export const DEMO_IDP_CLIENT_ID = 'recovery-desk-demo';

type ProviderInstance = InstanceType<typeof Provider>;

export type DemoIdp = {
  /** the client's settings (issuer and redirect URI follow the port the server listens on) */
  settings: () => OidcConfig;
  /** the SSO client's fetch: requests to the issuer are answered by this app in-process */
  fetch: CustomFetch;
  /** mounts the provider and its sign-in page on the app (demo mode only) */
  register: (app: FastifyInstance, deps: AppDeps) => Promise<void>;
};

/** The address the browser uses for this server (the one the console prints). */
function ownBaseUrl(config: Config, app: FastifyInstance): string {
  if (config.publicUrl) return config.publicUrl;
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function createDemoIdp(config: Config, appOf: () => FastifyInstance): DemoIdp {
  let deps: AppDeps | null = null;
  const depsOf = (): AppDeps => {
    if (!deps) throw new Error('the demo identity provider is not registered');
    return deps;
  };
  const clientSecret = randomBytes(32).toString('base64url');
  let settingsCache: OidcConfig | null = null;
  let provider: Promise<ProviderInstance> | null = null;

  const settings = (): OidcConfig => {
    settingsCache ??= (() => {
      const base = ownBaseUrl(config, appOf());
      return {
        issuer: `${base}${DEMO_IDP_PATH}`,
        clientId: DEMO_IDP_CLIENT_ID,
        clientSecret,
        redirectUri: `${base}/sso/callback`,
      };
    })();
    return settingsCache;
  };

  async function makeProvider(): Promise<ProviderInstance> {
    const { issuer, redirectUri } = settings();
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    // Loaded on first use: a server that never signs anyone in through it does not pay for loading it.
    const { default: OidcProvider } = await import('oidc-provider');
    const instance = new OidcProvider(issuer, {
      jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig' }] },
      clients: [
        {
          client_id: DEMO_IDP_CLIENT_ID,
          client_secret: clientSecret,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      findAccount: async (_ctx: unknown, id: string) => {
        const user = await findUserByUsername(depsOf().db, id);
        if (!user?.isActive) return undefined;
        return {
          accountId: user.username,
          claims: () => ({
            sub: user.username,
            email: user.email,
            email_verified: true,
            preferred_username: user.username,
            name: user.fullName,
          }),
        };
      },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username', 'name'] },
      conformIdTokenClaims: false,
      cookies: { keys: [randomBytes(32).toString('base64url')] },
      features: { devInteractions: { enabled: false } },
      interactions: {
        url: (_ctx: OidcContext, interaction: { uid: string }) => `${DEMO_IDP_PATH}/interaction/${interaction.uid}`,
      },
      // Recovery Desk is the provider's only, first-party client: no consent screen.
      loadExistingGrant: async (ctx: OidcContext) => {
        const clientId = ctx.oidc.client?.clientId ?? DEMO_IDP_CLIENT_ID;
        const accountId = ctx.oidc.session?.accountId;
        if (!accountId) return undefined;
        const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(clientId);
        if (grantId) {
          const existing = await ctx.oidc.provider.Grant.find(grantId);
          if (existing) return existing;
        }
        const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
      renderError: (ctx: OidcContext, out: Record<string, unknown>) => {
        ctx.type = 'html';
        ctx.body = page('Error', `<p>${escapeHtml(String(out.error_description ?? out.error ?? 'error'))}</p>`);
      },
    });
    instance.proxy = false;
    return instance;
  }

  const providerInstance = (): Promise<ProviderInstance> => {
    provider ??= makeProvider().catch((error: unknown) => {
      provider = null;
      throw error;
    });
    return provider;
  };

  /** Hands the request to oidc-provider, with the path below /demo-idp and this server's security headers. */
  async function delegate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const instance = await providerInstance();
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value as string);
    }
    reply.hijack();
    // As a mounted Koa app sees it: the path below the mount, the full path as originalUrl (oidc-provider builds its
    // endpoint URLs from the mount path and the request's Host).
    const originalUrl = request.raw.url ?? DEMO_IDP_PATH;
    (request.raw as typeof request.raw & { originalUrl?: string }).originalUrl = originalUrl;
    request.raw.url = originalUrl.slice(DEMO_IDP_PATH.length) || '/';
    await instance.callback()(request.raw, reply.raw);
  }

  function page(title: string, body: string, lang = 'en'): string {
    const dir = lang === 'ar' ? 'rtl' : 'ltr';
    return `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.ico"><style>body{font-family:system-ui,sans-serif;background:#f1f3f5;margin:0;padding:8vh 16px;color:#212529}main{max-width:420px;margin:auto;background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:24px}label{display:block;margin-top:12px;font-weight:600}input{box-sizing:border-box;width:100%;padding:8px;margin-top:4px;font-size:1rem;border:1px solid #868e96;border-radius:4px}button{margin-top:16px;width:100%;padding:10px;font-size:1rem;background:#1864ab;color:#fff;border:0;border-radius:4px;cursor:pointer}.secondary{background:#fff;color:#1864ab;border:1px solid #1864ab}.error{color:#c92a2a;border:1px solid #c92a2a;border-radius:4px;padding:8px}p{line-height:1.4}</style></head><body><main>${body}</main></body></html>`;
  }

  function loginPage(ctx: RequestContext, uid: string, username: string, error: string | null): string {
    const tr = translatorOf(ctx);
    const action = `${DEMO_IDP_PATH}/interaction/${encodeURIComponent(uid)}`;
    const options = DEMO_USERS.map(
      (user) =>
        `<option value="${escapeHtml(user.username)}">${escapeHtml(`${user.fullName} · ${user.personaLabel}`)}</option>`,
    ).join('');
    return page(
      tr.t('DemoIdpTitle'),
      `<h1>${escapeHtml(tr.t('DemoIdpTitle'))}</h1><p>${escapeHtml(tr.t('DemoIdpIntro'))}</p>${
        error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''
      }<form method="post" action="${action}/login" autocomplete="off"><label for="username">${escapeHtml(
        tr.t('DemoIdpUser'),
      )}</label><input id="username" name="username" list="demo-users" required value="${escapeHtml(
        username,
      )}" autocapitalize="none" spellcheck="false"><datalist id="demo-users">${options}</datalist><label for="password">${escapeHtml(
        tr.t('DemoIdpPassword'),
      )}</label><input id="password" name="password" type="password" required autocomplete="current-password"><button type="submit">${escapeHtml(
        tr.t('DemoIdpSignIn'),
      )}</button></form><form method="post" action="${action}/abort"><button type="submit" class="secondary">${escapeHtml(
        tr.t('DemoIdpCancel'),
      )}</button></form>`,
      ctx.language ?? 'en',
    );
  }

  async function interactionOf(request: FastifyRequest, reply: FastifyReply, uid: string) {
    const instance = await providerInstance();
    try {
      const details = await instance.interactionDetails(request.raw, reply.raw);
      return details.uid === uid ? { instance, details } : null;
    } catch {
      return null;
    }
  }

  function expired(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const tr = translatorOf(request.ctx);
    return reply
      .code(400)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(tr.t('DemoIdpTitle'), `<p class="error" role="alert">${escapeHtml(tr.t('DemoIdpExpired'))}</p>`));
  }

  async function register(app: FastifyInstance, appDeps: AppDeps): Promise<void> {
    deps = appDeps;
    // The sign-in page and its two forms (urlencoded bodies parsed here).
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 4096 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      const route = { config: { auth: 'public' as const }, schema: { hide: true } };

      scope.get<{ Params: { uid: string } }>(`${DEMO_IDP_PATH}/interaction/:uid`, route, async (request, reply) => {
        const found = await interactionOf(request, reply, request.params.uid);
        if (!found) return expired(request, reply);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(loginPage(request.ctx, request.params.uid, '', null));
      });

      scope.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
        `${DEMO_IDP_PATH}/interaction/:uid/login`,
        route,
        async (request, reply) => {
          const found = await interactionOf(request, reply, request.params.uid);
          if (!found) return expired(request, reply);
          const username = String(request.body?.username ?? '').trim();
          const password = String(request.body?.password ?? '');
          let accountId: string;
          try {
            if (username === '' || password === '') throw new AppError('INVALID_CREDENTIALS', 'missing');
            accountId = (await checkCredentials(depsOf(), request.ctx, { username, password })).username;
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            const message =
              error.code === 'INVALID_CREDENTIALS'
                ? translatorOf(request.ctx).t('DemoIdpWrongCredentials')
                : error.message;
            return reply
              .code(error.httpStatus === 429 ? 429 : 401)
              .type('text/html; charset=utf-8')
              .header('cache-control', 'no-store')
              .send(loginPage(request.ctx, request.params.uid, username, message));
          }
          reply.hijack();
          await found.instance.interactionFinished(
            request.raw,
            reply.raw,
            { login: { accountId } },
            { mergeWithLastSubmission: false },
          );
        },
      );

      scope.post<{ Params: { uid: string } }>(
        `${DEMO_IDP_PATH}/interaction/:uid/abort`,
        route,
        async (request, reply) => {
          const found = await interactionOf(request, reply, request.params.uid);
          if (!found) return expired(request, reply);
          reply.hijack();
          await found.instance.interactionFinished(
            request.raw,
            reply.raw,
            { error: 'access_denied', error_description: 'The user cancelled the sign-in' },
            { mergeWithLastSubmission: false },
          );
        },
      );
    });

    // Everything else under /demo-idp is the provider's own (discovery, keys, authorization, token, userinfo). Its
    // bodies are left unread for it.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      scope.route({
        method: ['GET', 'POST'],
        url: `${DEMO_IDP_PATH}/*`,
        config: { auth: 'public' },
        schema: { hide: true },
        handler: delegate,
      });
    });
  }

  const bodyOf = (body: NonNullable<Parameters<CustomFetch>[1]['body']>): string | Buffer => {
    if (typeof body === 'string') return body;
    if (body instanceof URLSearchParams) return body.toString();
    if (body instanceof ArrayBuffer || body instanceof Uint8Array) return Buffer.from(body as ArrayBuffer);
    throw new Error('the demo identity provider takes no streamed bodies');
  };

  const fetch: CustomFetch = async (url, options) => {
    const target = new URL(url);
    const response = await appOf().inject({
      method: options.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { ...options.headers, host: target.host },
      ...(options.body === undefined || options.body === null ? {} : { payload: bodyOf(options.body) }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [String(value)]) headers.append(name, item);
    }
    return new Response(response.statusCode === 204 || response.statusCode === 304 ? null : response.rawPayload, {
      status: response.statusCode,
      headers,
    });
  };

  return { settings, fetch, register };
}

import * as oidc from 'openid-client';
import type { OidcConfig } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';

// Single sign-on with an OpenID Connect provider (authorization code flow, PKCE S256, state and nonce).

export type SsoIdentity = { subject: string; email: string | null; preferredUsername: string | null };

export type SsoClient = {
  /** the redirect URI registered at the provider (GET /sso/callback of this server) */
  redirectUri: () => string;
  authorizationUrl: (input: { state: string; nonce: string; codeChallenge: string }) => Promise<string>;
  /** exchanges the callback's code; throws when the provider's answer does not validate */
  exchange: (input: { callbackUrl: URL; state: string; nonce: string; codeVerifier: string }) => Promise<SsoIdentity>;
};

export type SsoClientOptions = {
  allowInsecureHttp: boolean;
  /** how the client reaches the provider (default: fetch); the demo provider is reached in-process */
  fetch?: oidc.CustomFetch;
};

/**
 * The settings may be a function: the built-in demo provider's issuer is known only once the server listens (its
 * port), so they are read on first use.
 */
export function createSsoClient(settingsOf: OidcConfig | (() => OidcConfig), options: SsoClientOptions): SsoClient {
  let discovered: Promise<oidc.Configuration> | null = null;
  const settings = () => (typeof settingsOf === 'function' ? settingsOf() : settingsOf);

  // Discovery runs on first use and is retried after a failure (the provider may start after us).
  function configuration(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret } = settings();
    discovered ??= oidc
      .discovery(
        new URL(issuer),
        clientId,
        clientSecret ?? undefined,
        clientSecret ? oidc.ClientSecretBasic(clientSecret) : oidc.None(),
        {
          execute: options.allowInsecureHttp && issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
          timeout: 10,
          ...(options.fetch ? { [oidc.customFetch]: options.fetch } : {}),
        },
      )
      .catch((error: unknown) => {
        discovered = null;
        throw new AppError('SSO_UNAVAILABLE', 'Single sign-on provider cannot be reached', { cause: error });
      });
    return discovered;
  }

  return {
    redirectUri: () => settings().redirectUri,
    authorizationUrl: async ({ state, nonce, codeChallenge }) => {
      const config = await configuration();
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: settings().redirectUri,
          scope: 'openid email profile',
          response_type: 'code',
          state,
          nonce,
          code_challenge: codeChallenge,
          code_challenge_method: 'S256',
        })
        .toString();
    },
    exchange: async ({ callbackUrl, state, nonce, codeVerifier }) => {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider returned no ID token');
      const email = typeof claims.email === 'string' && claims.email_verified !== false ? claims.email : null;
      const preferredUsername = typeof claims.preferred_username === 'string' ? claims.preferred_username : null;
      return { subject: claims.sub, email, preferredUsername };
    },
  };
}

export const ssoRandom = {
  state: oidc.randomState,
  nonce: oidc.randomNonce,
  codeVerifier: oidc.randomPKCECodeVerifier,
  codeChallenge: oidc.calculatePKCECodeChallenge,
};

import * as oidc from 'openid-client';
import type { OidcConfig } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';

// Single sign-on with an OpenID Connect provider (authorization code flow, PKCE S256, state and nonce).

export type SsoIdentity = { subject: string; email: string | null; preferredUsername: string | null };

export type SsoClient = {
  authorizationUrl: (input: { state: string; nonce: string; codeChallenge: string }) => Promise<string>;
  /** exchanges the callback's code; throws when the provider's answer does not validate */
  exchange: (input: { callbackUrl: URL; state: string; nonce: string; codeVerifier: string }) => Promise<SsoIdentity>;
};

export function createSsoClient(settings: OidcConfig, options: { allowInsecureHttp: boolean }): SsoClient {
  let discovered: Promise<oidc.Configuration> | null = null;

  // Discovery runs on first use and is retried after a failure (the provider may start after us).
  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret ?? undefined,
        settings.clientSecret ? oidc.ClientSecretBasic(settings.clientSecret) : oidc.None(),
        {
          execute: options.allowInsecureHttp && settings.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
          timeout: 10,
        },
      )
      .catch((error: unknown) => {
        discovered = null;
        throw new AppError('SSO_UNAVAILABLE', 'Single sign-on provider cannot be reached', { cause: error });
      });
    return discovered;
  }

  return {
    authorizationUrl: async ({ state, nonce, codeChallenge }) => {
      const config = await configuration();
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: settings.redirectUri,
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

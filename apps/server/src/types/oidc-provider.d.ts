// The parts of oidc-provider (which ships no types) that the demo identity provider (modules/demo/demo-idp.ts) and
// the single sign-on test provider use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type Grant = {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  };

  export type OidcContext = {
    type: string;
    body: unknown;
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      provider: {
        Grant: {
          new (input: { clientId: string; accountId: string }): Grant;
          find(id: string): Promise<Grant | undefined>;
        };
      };
    };
  };

  export type InteractionResult = { login: { accountId: string } } | { error: string; error_description?: string };

  export default class Provider {
    constructor(issuer: string, configuration?: Record<string, unknown>);
    proxy: boolean;
    callback(): (request: IncomingMessage, response: ServerResponse) => Promise<void> | void;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<{ uid: string }>;
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: InteractionResult,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}

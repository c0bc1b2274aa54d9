import type { FastifyInstance } from 'fastify';
import { describeAuth } from './request-context.ts';

export type RouteDeclaration = { method: string; url: string; auth: string };

/** Routes that need no declaration: the API documentation pages of @fastify/swagger-ui. */
export const DOCS_PREFIX = '/docs';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** every registered route with its authorization declaration, sorted (HEAD twins left out) */
    routeDeclarations: () => RouteDeclaration[];
  }
}

/**
 * Every route must say who may call it (`config.auth`); a route without a declaration stops the server
 * from booting, so "no auth by omission" cannot ship.
 */
export function registerRouteDeclarationCheck(app: FastifyInstance): void {
  const declared: RouteDeclaration[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(DOCS_PREFIX)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // @fastify/cors' preflight route: answered by its hook before any handler, it carries no data.
    if (route.url === '*' && methods.length === 1 && methods[0] === 'OPTIONS') {
      route.config = { ...route.config, auth: 'public' };
    }
    const auth = route.config?.auth;
    if (!auth) {
      throw new Error(
        `Route ${methods.join(',')} ${route.url} declares no authorization: set config.auth to 'public', ` +
          `'signedIn', 'actingUnit' or { app, authority }.`,
      );
    }
    for (const method of methods)
      if (method !== 'HEAD') declared.push({ method, url: route.url, auth: describeAuth(auth) });
  });
  const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  app.decorate('routeDeclarations', () =>
    [...declared].sort((a, b) => byCodePoint(a.url, b.url) || byCodePoint(a.method, b.method)),
  );
}

import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';
import { isZodSchema, laxObjectPaths, takesVersion } from './body-schema.ts';
import { invalidTextError } from './invalid-text.ts';
import { DOCS_PREFIX } from './route-declarations.ts';

// The request boundary every route passes (docs/architecture.md, "Security"): rules that hold for all routes at
// once, so a new route cannot forget them.
// - Text: a NUL character or a lone UTF-16 surrogate in any string of the path parameters, query or JSON body is a
//   400 naming the field, before validation (PostgreSQL can store neither; see invalid-text.ts).
// - Unknown fields: every object of a mutation's body schema must be strict; a route whose schema would silently
//   drop (or keep) undeclared fields stops the server from booting.
// - Optimistic updates: a mutation whose body takes `version` answers 428 PRECONDITION_REQUIRED without one.
// - Caching: every reply is `Cache-Control: no-store` (account views carry PAN and date of birth; sign-in replies
//   carry tokens), except the web app's files and the API documentation, which declare `config.cacheable`.

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /** the body takes the record's `version` (set from the body schema when the route is registered) */
    optimisticVersion?: boolean;
    /** replies may be cached (the web app's files); every other reply is `Cache-Control: no-store` */
    cacheable?: boolean;
  }
}

function hasVersion(body: unknown): boolean {
  return body !== null && typeof body === 'object' && (body as { version?: unknown }).version != null;
}

export function registerRequestBoundary(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const body: unknown = route.schema?.body;
    if (!methods.some((method) => MUTATIONS.has(method)) || !isZodSchema(body)) return;
    const lax = laxObjectPaths(body);
    if (lax.length > 0) {
      throw new Error(
        `Route ${methods.join(',')} ${route.url} accepts unknown body fields at ${lax.join(', ')}: ` +
          `declare its objects with z.strictObject (or .strict()).`,
      );
    }
    if (takesVersion(body)) route.config = { ...route.config, optimisticVersion: true };
  });

  app.addHook('preValidation', async (request) => {
    const invalid =
      invalidTextError(request.params, '') ?? invalidTextError(request.query, '') ?? invalidTextError(request.body, '');
    if (invalid) throw invalid;
    if (request.routeOptions.config.optimisticVersion && !hasVersion(request.body)) {
      throw new AppError('PRECONDITION_REQUIRED', 'version: This field is required', {
        fields: [{ field: 'version', message: 'This field is required' }],
      });
    }
  });

  app.addHook('onSend', async (request, reply) => {
    const config = request.routeOptions.config;
    if (config?.cacheable || request.routeOptions.url?.startsWith(DOCS_PREFIX)) return;
    reply.header('cache-control', 'no-store');
  });
}

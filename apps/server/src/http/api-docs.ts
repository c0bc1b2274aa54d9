import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { DOCS_PREFIX } from './route-declarations.ts';

/**
 * OpenAPI generated from the routes' zod schemas: JSON at /docs/json, Swagger UI at /docs. The UI's
 * assets are served from the package (no CDN), so the site's Content-Security-Policy covers them.
 */
export function registerApiDocs(app: FastifyInstance): void {
  app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Recovery Desk API',
        version: '0.1.0',
        description:
          'Sign-in, session and profile calls keep the paths and fields of the product specification §7; ' +
          'everything else lives under /api. Requests carry `Authorization: Bearer <access>` and, for unit-scoped ' +
          'calls, `X-Acting-Unit: <unit id>`. Errors answer `{error_code, detail}` (or `{error_code, error_msg}` ' +
          'on the message-style calls).',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { validatorUrl: null, docExpansion: 'list', deepLinking: false },
    logLevel: 'warn',
  });
}

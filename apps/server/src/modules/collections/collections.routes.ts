import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { accountRoutes } from './accounts.routes.ts';
import { allocationRulesRoutes } from './allocation-rules.routes.ts';
import { caseworkRoutes } from './casework.routes.ts';
import { DOCUMENT_MAX_BYTES } from '../../documents/document-types.ts';
import { trayRoutes } from './trays.routes.ts';

/** Collections casework of issue 3: trays, the account view, follow-ups, allocation and decisions. */
export function collectionsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Encapsulated here: only the document upload route takes multipart bodies.
    await app.register(multipart, {
      limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 10, fieldSize: 4096, parts: 12 },
    });
    await app.register(trayRoutes(deps));
    await app.register(accountRoutes(deps));
    await app.register(caseworkRoutes(deps));
    await app.register(allocationRulesRoutes(deps));
  };
}

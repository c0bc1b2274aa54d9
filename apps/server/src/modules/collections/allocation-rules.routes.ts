import {
  allocationRuleFormReplySchema,
  allocationRuleInputSchema,
  allocationRuleSchema,
  allocationRuleUpdateSchema,
  allocationRulesQuerySchema,
  allocationRulesReplySchema,
  deleteAllocationRuleQuerySchema,
} from '@recovery-desk/domain/collections/allocation-rules.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { unitContext } from '../../http/request-context.ts';
import { idParamsSchema } from './collections.schemas.ts';
import {
  allocationRuleForm,
  createAllocationRule,
  deleteAllocationRule,
  listAllocationRules,
  updateAllocationRule,
} from './services/allocation-rules.ts';

const security = [{ bearer: [] }];
const tags = ['collections'];
/** The authority of the Day Start screen, whose ALLOCATION step applies the rules. */
const auth = { app: 'collapp', authority: 'DAY_START_COLL_SAUTH' } as const;

/** Allocation rules of day start's ALLOCATION step (issue 14), edited on the Day Start screen. */
export function allocationRulesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/collections/allocation-rules',
      {
        config: { auth },
        schema: {
          tags,
          summary: 'Allocation rules of the acting unit’s subtree, by priority, with each collector’s state',
          security,
          querystring: allocationRulesQuerySchema,
          response: { 200: allocationRulesReplySchema },
        },
      },
      (request) => listAllocationRules(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );

    app.get(
      '/api/collections/allocation-rules/form',
      {
        config: { auth },
        schema: {
          tags,
          summary: 'The units an allocation rule may belong to and the collectors it may name',
          security,
          response: { 200: allocationRuleFormReplySchema },
        },
      },
      (request) => allocationRuleForm(deps, { ctx: unitContext(request.ctx) }),
    );

    app.post(
      '/api/collections/allocation-rules',
      {
        config: { auth },
        schema: {
          tags,
          summary: 'Create an allocation rule',
          security,
          body: allocationRuleInputSchema,
          response: { 201: allocationRuleSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createAllocationRule(deps, { ctx: unitContext(request.ctx), input: request.body })),
    );

    app.put(
      '/api/collections/allocation-rules/:id',
      {
        config: { auth },
        schema: {
          tags,
          summary: 'Edit an allocation rule (its whole set, with the version read); enable or disable it',
          security,
          params: idParamsSchema,
          body: allocationRuleUpdateSchema,
          response: { 200: allocationRuleSchema },
        },
      },
      (request) =>
        updateAllocationRule(deps, { ctx: unitContext(request.ctx), id: request.params.id, input: request.body }),
    );

    app.delete(
      '/api/collections/allocation-rules/:id',
      {
        config: { auth },
        schema: {
          tags,
          summary: 'Delete an allocation rule (with the version read)',
          security,
          params: idParamsSchema,
          querystring: deleteAllocationRuleQuerySchema,
          response: { 200: z.object({ id: z.number() }) },
        },
      },
      async (request) => {
        await deleteAllocationRule(deps, {
          ctx: unitContext(request.ctx),
          id: request.params.id,
          version: request.query.version,
        });
        return { id: request.params.id };
      },
    );
  };
}

import { z } from 'zod';
import {
  approvalDecisionInputSchemaFor,
  approvalListPageSchema,
  approvalListQuerySchema,
  approvalRequestInputSchema,
  approvalRequestReplySchema,
  approvalResubmitInputSchema,
} from '@recovery-desk/domain/approvals/contracts.ts';
import { approvalFlowProblems, decisionKinds } from '@recovery-desk/domain/approvals/flow.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { unitContext, type RouteAuth } from '../../http/request-context.ts';
import type { ApprovalHandler } from './approval-handler.ts';
import { decideApproval, resubmitApproval } from './services/decide-approval.ts';
import { approvalReply, getApproval, listApprovals } from './services/get-approval.ts';
import { requestApproval } from './services/request-approval.ts';
import { idParam } from '@recovery-desk/domain/numeric-params.ts';

const security = [{ bearer: [] }];
const tags = ['approvals'];
const idParams = z.object({ id: idParam });

/**
 * The approval kit's API, generated from the registered flows: every flow's list of requests per tab
 * (GET /api/approvals/<code>/requests) and each request with its history (GET /api/approvals/<code>/requests/:id); and for flows the kit serves ('kit' routes) the maker's request, one
 * route per allowed decision (declaring the checker authority; the kit checks the level a request waits at) and the
 * maker's resubmit after a pushback.
 */
export function approvalRoutes(deps: AppDeps, handlers: readonly ApprovalHandler<never>[]): FastifyPluginAsyncZod {
  for (const { flow } of handlers) {
    const problems = approvalFlowProblems(flow);
    if (problems.length > 0) throw new Error(`approval flow ${flow.code}: ${problems.join('; ')}`);
  }
  return async (app) => {
    for (const handler of handlers) {
      const { flow } = handler;
      const base = `/api/approvals/${flow.code}/requests`;

      app.get(
        base,
        {
          config: { auth: 'actingUnit' },
          schema: {
            tags,
            summary: `${flow.texts.name} requests of a tab, team (subtree) or my (made by me), with tab counts`,
            security,
            querystring: approvalListQuerySchema,
            response: { 200: approvalListPageSchema },
          },
        },
        (request) => listApprovals(deps.db, { ctx: unitContext(request.ctx), handler, query: request.query }),
      );

      app.get(
        `${base}/:id`,
        {
          config: { auth: 'actingUnit' },
          schema: {
            tags,
            summary: `A ${flow.texts.name.toLowerCase()} with its history (maker or checker authority)`,
            security,
            params: idParams,
            response: { 200: approvalRequestReplySchema },
          },
        },
        (request) => getApproval(deps.db, { ctx: unitContext(request.ctx), handler, id: request.params.id }),
      );

      if (flow.routes !== 'kit' || !flow.makerAuthority) continue;
      const maker = { app: flow.app, authority: flow.makerAuthority };
      // One checker authority for every level: the route declares it. Levels with different authorities: the route
      // declares the acting unit and the kit checks the authority of the level the request waits at.
      const levelAuthorities = new Set(flow.levels.map((level) => level.authority));
      const checker: RouteAuth =
        levelAuthorities.size === 1 ? { app: flow.app, authority: flow.levels[0]!.authority } : 'actingUnit';

      app.post(
        base,
        {
          config: { auth: maker },
          schema: {
            tags,
            summary: `Request a ${flow.texts.name.toLowerCase()} (maker); a different checker decides it`,
            security,
            body: approvalRequestInputSchema,
            response: { 200: approvalRequestReplySchema },
          },
        },
        async (request) => {
          const made = await requestApproval(deps, { ctx: unitContext(request.ctx), handler, input: request.body });
          return approvalReply(deps.db, handler, made);
        },
      );

      for (const decision of flow.decisions) {
        app.post(
          `${base}/:id/${decision.name}`,
          {
            config: { auth: checker },
            schema: {
              tags,
              summary: `${decision.name} a ${flow.texts.name.toLowerCase()} (checker ≠ maker)`,
              security,
              params: idParams,
              body: approvalDecisionInputSchemaFor(decision.kind),
              response: { 200: approvalRequestReplySchema },
            },
          },
          async (request) => {
            const decided = await decideApproval(deps, {
              ctx: unitContext(request.ctx),
              handler,
              by: { id: request.params.id },
              decision: decision.name,
              version: request.body.version,
              remarks: request.body.remarks,
              input: undefined as never,
            });
            return approvalReply(deps.db, handler, decided);
          },
        );
      }

      if (!decisionKinds(flow).has('pushback')) continue;
      app.post(
        `${base}/:id/resubmit`,
        {
          config: { auth: maker },
          schema: {
            tags,
            summary: `Resubmit a ${flow.texts.name.toLowerCase()} pushed back to its maker`,
            security,
            params: idParams,
            body: approvalResubmitInputSchema,
            response: { 200: approvalRequestReplySchema },
          },
        },
        async (request) => {
          const resubmitted = await resubmitApproval(deps, {
            ctx: unitContext(request.ctx),
            handler,
            id: request.params.id,
            version: request.body.version,
            remarks: request.body.remarks,
            amount: request.body.amount,
            payload: request.body.payload,
            input: undefined as never,
          });
          return approvalReply(deps.db, handler, resubmitted);
        },
      );
    }
  };
}

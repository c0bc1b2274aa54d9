import { z } from 'zod';
import {
  approvalDecisionInputSchema,
  approvalDecisionInputSchemaFor,
  approvalRequestReplySchema,
} from '@recovery-desk/domain/approvals/contracts.ts';
import { idParam } from '@recovery-desk/domain/numeric-params.ts';
import {
  USER_ADMIN_AUTHORITY,
  userChangeRequestSchema,
  userChangeResubmitSchema,
  userListPageSchema,
  userListQuerySchema,
  userReplySchema,
  userUnitsReplySchema,
} from '@recovery-desk/domain/users/contracts.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { unitContext } from '../../http/request-context.ts';
import { approvalReply, withdrawApproval, type ApprovalHandler } from '../approvals/index.ts';
import { decideUserChange } from './services/decide-user-change.ts';
import { requestUserChange, resubmitUserChange } from './services/request-user-change.ts';
import { listUsers, openRequestIdOf, PAGE_SIZE, readUserSnapshot, unitsInSubtree } from './users.repository.ts';

const security = [{ bearer: [] }];
const tags = ['users'];
const auth = { app: 'collapp', authority: USER_ADMIN_AUTHORITY } as const;
const idParams = z.object({ id: idParam });

/**
 * User Approval (issue 14): the users of the acting unit's subtree, a user with their units and authority entries,
 * the units a user may be given, and the USER_CHANGE requests (make, approve, reject, push back, resubmit, withdraw). The request lists and each
 * request's history are the approval kit's (GET /api/approvals/USER_CHANGE/requests…).
 */
export function usersRoutes(deps: AppDeps, handler: ApprovalHandler<never>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/users',
      {
        config: { auth },
        schema: {
          tags,
          summary: 'The users of the acting unit’s subtree, by username, 25 a page',
          security,
          querystring: userListQuerySchema,
          response: { 200: userListPageSchema },
        },
      },
      async (request) => {
        const ctx = unitContext(request.ctx);
        const page = await listUsers(deps.db, { path: ctx.actingUnit.path, ...request.query });
        return { ...page, page: request.query.page, pageSize: PAGE_SIZE };
      },
    );

    app.get(
      '/api/users/units',
      {
        config: { auth },
        schema: {
          tags,
          summary: 'The active units of the acting unit’s subtree, which a user may be given',
          security,
          response: { 200: userUnitsReplySchema },
        },
      },
      async (request) => {
        const ctx = unitContext(request.ctx);
        const units = await unitsInSubtree(deps.db, ctx.actingUnit.path);
        return { units: units.map(({ id, code, name, level }) => ({ id, code, name, level })) };
      },
    );

    app.get(
      '/api/users/:id',
      {
        config: { auth },
        schema: {
          tags,
          summary: 'A user of the subtree with units and authority entries, and their open change request',
          security,
          params: idParams,
          response: { 200: userReplySchema },
        },
      },
      async (request) => {
        const ctx = unitContext(request.ctx);
        const user = await readUserSnapshot(deps.db, request.params.id);
        if (!user || !user.unitPaths.every((path) => path.startsWith(ctx.actingUnit.path))) {
          throw new AppError('NOT_FOUND', 'User not found');
        }
        const open = await openRequestIdOf(deps.db, request.params.id);
        return { id: request.params.id, user: user.snapshot, openRequestId: open ?? null };
      },
    );

    app.post(
      '/api/users/requests',
      {
        config: { auth },
        schema: {
          tags,
          summary:
            'Request a user change (create, update, deactivate, reactivate, reset password); a second user approves',
          security,
          body: userChangeRequestSchema,
          response: { 200: approvalRequestReplySchema },
        },
      },
      async (request) => {
        const made = await requestUserChange(deps, { ctx: unitContext(request.ctx), handler, input: request.body });
        return approvalReply(deps.db, handler, made);
      },
    );

    for (const decision of handler.flow.decisions) {
      const name = decision.name as 'approve' | 'reject' | 'pushback';
      app.post(
        `/api/users/requests/:id/${name}`,
        {
          config: { auth },
          schema: {
            tags,
            summary: `${name} a user change (checker ≠ maker; a grant needs a checker who holds the authority; reject and pushback need remarks)`,
            security,
            params: idParams,
            body: approvalDecisionInputSchemaFor(decision.kind),
            response: { 200: approvalRequestReplySchema },
          },
        },
        (request) =>
          decideUserChange(deps, {
            ctx: unitContext(request.ctx),
            handler,
            id: request.params.id,
            decision: name,
            version: request.body.version,
            remarks: request.body.remarks,
          }),
      );
    }

    app.post(
      '/api/users/requests/:id/resubmit',
      {
        config: { auth },
        schema: {
          tags,
          summary:
            'Resubmit a user change pushed back to its maker: the same action and user, checked as a new request',
          security,
          params: idParams,
          body: userChangeResubmitSchema,
          response: { 200: approvalRequestReplySchema },
        },
      },
      async (request) => {
        const resubmitted = await resubmitUserChange(deps, {
          ctx: unitContext(request.ctx),
          handler,
          id: request.params.id,
          input: request.body,
        });
        return approvalReply(deps.db, handler, resubmitted);
      },
    );

    app.post(
      '/api/users/requests/:id/withdraw',
      {
        config: { auth },
        schema: {
          tags,
          summary: 'Withdraw a user change pushed back to its maker (only the maker): it ends without a decision',
          security,
          params: idParams,
          body: approvalDecisionInputSchema,
          response: { 200: approvalRequestReplySchema },
        },
      },
      async (request) => {
        const withdrawn = await withdrawApproval(deps, {
          ctx: unitContext(request.ctx),
          handler,
          id: request.params.id,
          version: request.body.version,
          remarks: request.body.remarks ?? null,
          input: undefined as never,
        });
        return approvalReply(deps.db, handler, withdrawn);
      },
    );
  };
}

import {
  accountSearchQuerySchema,
  accountSearchReplySchema,
  collectionsDashboardSchema,
  menuCountsReplySchema,
  savedViewInputSchema,
  savedViewListSchema,
  savedViewSchema,
  savedViewsQuerySchema,
} from '@recovery-desk/domain/lists/contracts.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@recovery-desk/domain/numeric-params.ts';
import type { AppDeps } from '../../deps.ts';
import { signedInContext, unitContext } from '../../http/request-context.ts';
import { collectionsDashboard } from './services/collections-dashboard.ts';
import { menuCounts } from './services/menu-counts.ts';
import { deleteView, listSavedViews, saveView } from './services/saved-views.ts';
import { searchAccounts } from './services/search-accounts.ts';

const security = [{ bearer: [] }];
const tags = ['lists'];

/** Staff list tools: saved views, the global account search, the menu's pending counts, the collections home. */
export function listsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/lists/views',
      {
        config: { auth: 'signedIn' },
        schema: {
          tags,
          summary: 'The caller’s saved views of a list',
          security,
          querystring: savedViewsQuerySchema,
          response: { 200: savedViewListSchema },
        },
      },
      async (request) => ({
        views: await listSavedViews(deps, { ctx: signedInContext(request.ctx), listKey: request.query.listKey }),
      }),
    );

    app.post(
      '/api/lists/views',
      {
        config: { auth: 'signedIn' },
        schema: {
          tags,
          summary: 'Save the list’s current filters under a name (replaces the caller’s view of that name)',
          security,
          body: savedViewInputSchema,
          response: { 200: savedViewSchema },
        },
      },
      (request) => saveView(deps, { ctx: signedInContext(request.ctx), input: request.body }),
    );

    app.delete(
      '/api/lists/views/:id',
      {
        config: { auth: 'signedIn' },
        schema: {
          tags,
          summary: 'Delete one of the caller’s saved views',
          security,
          params: z.strictObject({ id: idParam }),
          response: { 200: z.object({ deleted: z.number().int() }) },
        },
      },
      (request) => deleteView(deps, { ctx: signedInContext(request.ctx), id: request.params.id }),
    );

    app.get(
      '/api/search/accounts',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'Accounts of the acting unit’s subtree by account number, name, phone or PAN (at most 10)',
          security,
          querystring: accountSearchQuerySchema,
          response: { 200: accountSearchReplySchema },
        },
      },
      (request) => searchAccounts(deps, { ctx: unitContext(request.ctx), query: request.query.q }),
    );

    app.get(
      '/api/menu-counts',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'Pending approvals per menu entry the caller can see in the acting unit',
          security,
          response: { 200: menuCountsReplySchema },
        },
      },
      (request) => menuCounts(deps, { ctx: unitContext(request.ctx) }),
    );

    app.get(
      '/api/collections/dashboard',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'The collections home’s figures for the acting unit’s subtree',
          security,
          response: { 200: collectionsDashboardSchema },
        },
      },
      (request) => collectionsDashboard(deps, { ctx: unitContext(request.ctx) }),
    );
  };
}

import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthorityCode } from '@recovery-desk/domain/authorities.ts';
import { idParam } from '@recovery-desk/domain/numeric-params.ts';
import {
  SETTLEMENT_DECISIONS,
  SETTLEMENT_SCREENS,
  accountSettlementSummarySchema,
  settlementAccountSchema,
  settlementDecisionSchemaFor,
  settlementDetailSchema,
  settlementInitiateSchema,
  settlementListQuerySchema,
  settlementListReplySchema,
  settlementResubmitSchema,
  type SettlementScreen,
} from '@recovery-desk/domain/settlements/contracts.ts';
import type { AppDeps } from '../../deps.ts';
import { idempotentPost } from '../../http/idempotency.ts';
import { unitContext } from '../../http/request-context.ts';
import { decideSettlement, resubmitSettlement } from './services/decide-settlement.ts';
import { initiateSettlementInTx } from './services/initiate-settlement.ts';
import {
  accountSettlementSummary,
  listSettlementsPage,
  lookupAccount,
  settlementAccount,
  settlementDetail,
} from './services/read-settlements.ts';
import { settlementLetter } from './services/settlement-letter.ts';
import { sendFile } from '../../http/send-file.ts';

const security = [{ bearer: [] }];
const tags = ['settlements'];
const idParams = z.object({ id: idParam });

/** The spec's three settlement screens and the authority each needs. */
export const SCREEN_AUTHORITY: Record<SettlementScreen, AuthorityCode> = {
  initiate: 'SETTLE_INIT_SAUTH',
  approval: 'SETTLE_APP_SAUTH',
  viewer: 'SETTLE_VIEWER_SAUTH',
};

const collapp = (authority: AuthorityCode) => ({ auth: { app: 'collapp' as const, authority } });

/**
 * Settlements (issue 13): the three screens' lists and details (each with its spec authority), the account a maker
 * starts from, initiation (Idempotency-Key), the maker's resubmit after a pushback, the checker's decisions, and the
 * letter of an approved settlement.
 */
export function settlementRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const screen of SETTLEMENT_SCREENS) {
      const config = collapp(SCREEN_AUTHORITY[screen]);
      app.get(
        `/api/settlements/screens/${screen}`,
        {
          config,
          schema: {
            tags,
            summary: `Settlements of the acting unit's subtree in a view (${screen} screen), with every view's count`,
            security,
            querystring: settlementListQuerySchema,
            response: { 200: settlementListReplySchema },
          },
        },
        (request) => listSettlementsPage(deps, unitContext(request.ctx), request.query),
      );
      app.get(
        `/api/settlements/screens/${screen}/:id`,
        {
          config,
          schema: {
            tags,
            summary: `A settlement with its split, schedule, payments and history (${screen} screen)`,
            security,
            params: idParams,
            response: { 200: settlementDetailSchema },
          },
        },
        (request) => settlementDetail(deps, unitContext(request.ctx), request.params.id),
      );
      app.get(
        `/api/settlements/screens/${screen}/:id/letter`,
        {
          config,
          schema: {
            tags,
            summary: 'The settlement letter (PDF) of an approved settlement (409 before approval)',
            security,
            params: idParams,
          },
        },
        async (request, reply) => {
          const letter = await settlementLetter(deps, unitContext(request.ctx), request.params.id);
          return sendFile(reply, { contentType: 'application/pdf', fileName: letter.fileName, body: letter.body });
        },
      );
    }

    const maker = collapp('SETTLE_INIT_SAUTH');
    app.get(
      '/api/settlements/accounts/:id',
      {
        config: maker,
        schema: {
          tags,
          summary: 'The account a settlement starts from: outstanding by component, flags and its settlements',
          security,
          params: idParams,
          response: { 200: settlementAccountSchema },
        },
      },
      (request) => settlementAccount(deps, unitContext(request.ctx), request.params.id),
    );

    app.get(
      '/api/settlements/accounts/:id/summary',
      {
        // The collections account view shows it: any user acting in a unit whose subtree holds the account.
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'The account view’s settlement line: the newest settlement, money received, the next instalment',
          security,
          params: idParams,
          response: { 200: accountSettlementSummarySchema },
        },
      },
      (request) => accountSettlementSummary(deps, unitContext(request.ctx), request.params.id),
    );

    app.get(
      '/api/settlements/account-lookup',
      {
        config: maker,
        schema: {
          tags,
          summary: 'The id of an account of the acting unit’s subtree by its account number (404 otherwise)',
          security,
          querystring: z.object({ accountNo: z.string().trim().min(1).max(40) }),
          response: { 200: z.object({ accountId: z.number() }) },
        },
      },
      (request) => lookupAccount(deps, unitContext(request.ctx), request.query.accountNo),
    );

    app.post(
      '/api/settlements',
      {
        config: maker,
        schema: {
          tags,
          summary: 'Initiate a settlement (maker; Idempotency-Key): it waits at the level the matrix requires',
          security,
          body: settlementInitiateSchema,
          response: { 200: settlementDetailSchema },
        },
      },
      async (request, reply) => {
        const ctx = unitContext(request.ctx);
        // One settlement per Idempotency-Key: a replay answers the first reply, another body with the key a 422.
        return idempotentPost(deps.db, request, reply, async (tx) => {
          const id = await initiateSettlementInTx(tx, deps, ctx, request.body);
          return { statusCode: 200, body: await settlementDetail(deps, ctx, id, tx) };
        });
      },
    );

    app.post(
      '/api/settlements/:id/resubmit',
      {
        config: maker,
        schema: {
          tags,
          summary: 'Resubmit a settlement pushed back to its maker, with new terms',
          security,
          params: idParams,
          body: settlementResubmitSchema,
          response: { 200: settlementDetailSchema },
        },
      },
      async (request) => {
        const ctx = unitContext(request.ctx);
        await resubmitSettlement(deps, { ctx, id: request.params.id, body: request.body });
        return settlementDetail(deps, ctx, request.params.id);
      },
    );

    for (const decision of SETTLEMENT_DECISIONS) {
      app.post(
        `/api/settlements/:id/${decision}`,
        {
          config: collapp('SETTLE_APP_SAUTH'),
          schema: {
            tags,
            summary: `${decision} a settlement (checker ≠ maker, at the level it waits at or above)`,
            security,
            params: idParams,
            body: settlementDecisionSchemaFor(decision),
            response: { 200: settlementDetailSchema },
          },
        },
        async (request) => {
          const ctx = unitContext(request.ctx);
          await decideSettlement(deps, {
            ctx,
            id: request.params.id,
            decision,
            version: request.body.version,
            remarks: request.body.remarks,
          });
          return settlementDetail(deps, ctx, request.params.id);
        },
      );
    }
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caseIdParam } from '@recovery-desk/domain/workflow/contracts.ts';
import {
  securedTemplatesInputSchema,
  securedTemplatesReplySchema,
} from '@recovery-desk/domain/secured-assets/document-templates.ts';
import { closureStatementSchema, refundPaidInputSchema } from '@recovery-desk/domain/secured-assets/closure.ts';
import type { AppDeps } from '../../deps.ts';
import { unitContext } from '../../http/request-context.ts';
import { redemptionStateSchema } from './secured-assets.schemas.ts';
import { getClosureStatement, recordRefundPaid } from './services/closure.ts';
import { getRedemptionState } from './services/redemption.ts';
import { getSecuredTemplates, updateSecuredTemplates } from './services/templates.ts';
import { REPO_APP } from './secured-assets-constants.ts';
import { bidIdParams, bidInputSchema, bidsReplySchema } from '@recovery-desk/domain/secured-assets/auction.ts';
import { addBid, editBid, getBids, withdrawCaseBid } from './services/auction-bids.ts';
import {
  addLotsInputSchema,
  auctionBatchDetailSchema,
  auctionBatchInputSchema,
  auctionBatchListSchema,
  batchIdParams,
  batchListQuerySchema,
} from '@recovery-desk/domain/secured-assets/auction.ts';
import { addLots, createBatch, getBatch, getBatchOfCase, listBatches, moveBatch } from './services/auction-batches.ts';

const security = [{ bearer: [] }];
const tags = ['secured-assets'];
const settings = { auth: { app: REPO_APP, authority: 'REPO_SETTINGS_SAUTH' } as const };
const batches = { auth: { app: REPO_APP, authority: 'AUC_BATCH_GEN_SAUTH' } as const };

/**
 * Secured assets (repossession and SARFAESI) beyond the generic workflow routes: the document templates of their
 * effects, and a SARFAESI case's §13(8) redemption state.
 */
export function securedAssetsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/secured-assets/templates',
      {
        config: settings,
        schema: {
          tags,
          summary: 'The repossession and SARFAESI document templates (edited, else built-in) and their placeholders',
          security,
          response: { 200: securedTemplatesReplySchema },
        },
      },
      () => getSecuredTemplates(deps),
    );

    app.put(
      '/api/secured-assets/templates',
      {
        config: settings,
        schema: {
          tags,
          summary: 'Change repossession and SARFAESI document templates (the listed kinds; placeholders checked)',
          security,
          body: securedTemplatesInputSchema,
          response: { 200: securedTemplatesReplySchema },
        },
      },
      (request) => updateSecuredTemplates(deps, { ctx: unitContext(request.ctx), input: request.body }),
    );

    app.get(
      '/api/secured-assets/cases/:caseId/redemption',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'Whether a SARFAESI case may still be redeemed by paying the dues (§13(8) lock)',
          security,
          params: caseIdParam,
          response: { 200: redemptionStateSchema },
        },
      },
      (request) => getRedemptionState(deps, { ctx: unitContext(request.ctx), caseId: request.params.caseId }),
    );

    // Auction bids: read with any repoapp authority; changed with the auction stage's authority, at that stage only
    // (the service checks both, since the stage and its authority depend on the case's workflow).
    app.get(
      '/api/secured-assets/cases/:caseId/bids',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'The auction bids of a repossession or SARFAESI case, with H1 against the reserve price',
          security,
          params: caseIdParam,
          response: { 200: bidsReplySchema },
        },
      },
      (request) => getBids(deps, { ctx: unitContext(request.ctx), caseId: request.params.caseId }),
    );

    app.post(
      '/api/secured-assets/cases/:caseId/bids',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'Add a bid (auction stage, its authority); H1 and the stage fields follow',
          security,
          params: caseIdParam,
          body: bidInputSchema,
          response: { 200: bidsReplySchema },
        },
      },
      (request) => addBid(deps, { ctx: unitContext(request.ctx), caseId: request.params.caseId, input: request.body }),
    );

    app.put(
      '/api/secured-assets/cases/:caseId/bids/:bidId',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'Change an active bid (auction stage, its authority)',
          security,
          params: bidIdParams,
          body: bidInputSchema,
          response: { 200: bidsReplySchema },
        },
      },
      (request) =>
        editBid(deps, {
          ctx: unitContext(request.ctx),
          caseId: request.params.caseId,
          bidId: request.params.bidId,
          input: request.body,
        }),
    );

    app.post(
      '/api/secured-assets/cases/:caseId/bids/:bidId/withdraw',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'Withdraw an active bid (kept, no longer counted)',
          security,
          params: bidIdParams,
          response: { 200: bidsReplySchema },
        },
      },
      (request) =>
        withdrawCaseBid(deps, {
          ctx: unitContext(request.ctx),
          caseId: request.params.caseId,
          bidId: request.params.bidId,
        }),
    );

    // Auction batches (/repoapp/auctionBatchGenTabs, AUC_BATCH_GEN_SAUTH).
    app.get(
      '/api/secured-assets/auction-batches',
      {
        config: batches,
        schema: {
          tags,
          summary: 'Auction batches of the unit subtree by tab (open, published, completed)',
          security,
          querystring: batchListQuerySchema,
          response: { 200: auctionBatchListSchema },
        },
      },
      (request) => listBatches(deps, { ctx: unitContext(request.ctx), tab: request.query.tab }),
    );

    app.post(
      '/api/secured-assets/auction-batches',
      {
        config: batches,
        schema: {
          tags,
          summary: 'Create an auction batch holding the selected BatchGen cases as lots',
          security,
          body: auctionBatchInputSchema,
          response: { 200: auctionBatchDetailSchema },
        },
      },
      (request) => createBatch(deps, { ctx: unitContext(request.ctx), input: request.body }),
    );

    app.get(
      '/api/secured-assets/auction-batches/:batchId',
      {
        config: batches,
        schema: {
          tags,
          summary: 'An auction batch with its lots',
          security,
          params: batchIdParams,
          response: { 200: auctionBatchDetailSchema },
        },
      },
      (request) => getBatch(deps, { ctx: unitContext(request.ctx), batchId: request.params.batchId }),
    );

    app.post(
      '/api/secured-assets/auction-batches/:batchId/lots',
      {
        config: batches,
        schema: {
          tags,
          summary: 'Add the selected BatchGen cases to an open batch as its next lots',
          security,
          params: batchIdParams,
          body: addLotsInputSchema,
          response: { 200: auctionBatchDetailSchema },
        },
      },
      (request) =>
        addLots(deps, {
          ctx: unitContext(request.ctx),
          batchId: request.params.batchId,
          caseIds: request.body.caseIds,
        }),
    );

    for (const step of ['publish', 'complete'] as const) {
      app.post(
        `/api/secured-assets/auction-batches/:batchId/${step}`,
        {
          config: batches,
          schema: {
            tags,
            summary: step === 'publish' ? 'Publish an open batch' : 'Mark a published batch completed',
            security,
            params: batchIdParams,
            response: { 200: auctionBatchDetailSchema },
          },
        },
        (request) => moveBatch(deps, { ctx: unitContext(request.ctx), batchId: request.params.batchId, step }),
      );
    }

    app.get(
      '/api/secured-assets/cases/:caseId/auction-batch',
      {
        config: batches,
        schema: {
          tags,
          summary: 'The auction batch holding the case (the batch detail screen of a case)',
          security,
          params: caseIdParam,
          response: { 200: auctionBatchDetailSchema },
        },
      },
      (request) => getBatchOfCase(deps, { ctx: unitContext(request.ctx), caseId: request.params.caseId }),
    );

    app.get(
      '/api/secured-assets/cases/:caseId/closure',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary:
            'A repossession or SARFAESI closure: the outstanding, sale proceeds and expenses, what was posted, the shortfall and the surplus (a preview while open)',
          security,
          params: caseIdParam,
          response: { 200: closureStatementSchema },
        },
      },
      (request) => getClosureStatement(deps, { ctx: unitContext(request.ctx), caseId: request.params.caseId }),
    );

    app.post(
      '/api/secured-assets/cases/:caseId/closure/refund',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'Record that the surplus of a closed case was refunded to the borrower (date and UTR)',
          security,
          params: caseIdParam,
          body: refundPaidInputSchema,
          response: { 200: closureStatementSchema },
        },
      },
      (request) =>
        recordRefundPaid(deps, { ctx: unitContext(request.ctx), caseId: request.params.caseId, input: request.body }),
    );
  };
}

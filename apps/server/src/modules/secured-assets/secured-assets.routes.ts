import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caseIdParam } from '@recovery-desk/domain/workflow/contracts.ts';
import {
  securedTemplatePreviewSchema,
  securedTemplatesInputSchema,
  securedTemplatesReplySchema,
} from '@recovery-desk/domain/secured-assets/document-templates.ts';
import { closureStatementSchema, refundPaidInputSchema } from '@recovery-desk/domain/secured-assets/closure.ts';
import { saleDepositsSchema } from '@recovery-desk/domain/secured-assets/sale-deposits.ts';
import { getSaleDeposits } from './services/sale-deposits.ts';
import {
  valuationIdParams,
  valuationInputSchema,
  valuationsReplySchema,
} from '@recovery-desk/domain/secured-assets/valuations.ts';
import type { AppDeps } from '../../deps.ts';
import { unitContext } from '../../http/request-context.ts';
import { redemptionStateSchema } from './secured-assets.schemas.ts';
import { getClosureStatement, recordRefundPaid } from './services/closure.ts';
import { changeValuation, getValuations } from './services/valuations.ts';
import { getCaseYard, getYardInventory, getYards, moveAsset, saveYard } from './services/yards.ts';
import { getAgencies, readAgencyLetter, saveAgency, uploadAgencyLetter } from './services/agencies.ts';
import multipart from '@fastify/multipart';
import { DOCUMENT_MAX_BYTES } from '../../documents/document-types.ts';
import { readUpload } from '../../http/multipart-upload.ts';
import { getRegisterUnits } from './services/register-units.ts';
import { userUnitsReplySchema } from '@recovery-desk/domain/users/contracts.ts';
import {
  agenciesQuerySchema,
  agenciesReplySchema,
  agencyIdParams,
  agencyInputSchema,
} from '@recovery-desk/domain/secured-assets/agencies.ts';
import {
  caseYardReplySchema,
  yardIdParams,
  yardInInputSchema,
  yardInputSchema,
  yardInventorySchema,
  yardOutInputSchema,
  yardsReplySchema,
} from '@recovery-desk/domain/secured-assets/yards.ts';
import { getRedemptionState } from './services/redemption.ts';
import { getInventory, putInventory } from './services/inventory.ts';
import { inventoryInputSchema, inventoryReplySchema } from '@recovery-desk/domain/secured-assets/inventory.ts';
import { getSecuredTemplates, previewSecuredTemplate, updateSecuredTemplates } from './services/templates.ts';
import { addPublication, getPublications, removePublication } from './services/publications.ts';
import {
  publicationIdParams,
  publicationInputSchema,
  publicationsReplySchema,
} from '@recovery-desk/domain/secured-assets/publications.ts';
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
import { sendFile } from '../../http/send-file.ts';

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

    app.post(
      '/api/secured-assets/templates/preview',
      {
        config: settings,
        schema: {
          tags,
          summary: 'A draft document template rendered to PDF with sample values (nothing is saved)',
          security,
          body: securedTemplatePreviewSchema,
        },
      },
      async (request, reply) => {
        const { pdf, fileName } = await previewSecuredTemplate(deps, {
          ctx: unitContext(request.ctx),
          input: request.body,
        });
        return sendFile(
          reply,
          { contentType: 'application/pdf', fileName: fileName, body: pdf },
          { disposition: 'inline' },
        );
      },
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

    app.get(
      '/api/secured-assets/cases/:caseId/sale-deposits',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary:
            'A SARFAESI sale: the 25% deposit (the EMD adjusted) and the 75% balance with its last day (Rule 9(2)–(4)), and what the figures break',
          security,
          params: caseIdParam,
          response: { 200: saleDepositsSchema },
        },
      },
      (request) => getSaleDeposits(deps, { ctx: unitContext(request.ctx), caseId: request.params.caseId }),
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

    // Valuations (the assetValuations widget): the acting unit's subtree; reading needs some repoapp authority,
    // changing needs the Capture Valuation Details authority while the case is at that stage (checked by the service).
    app.get(
      '/api/secured-assets/cases/:caseId/valuations',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary:
            'The valuations of a repossession or SARFAESI case, the policy, derived values and reserve suggestion',
          security,
          params: caseIdParam,
          response: { 200: valuationsReplySchema },
        },
      },
      (request) => getValuations(deps, { ctx: unitContext(request.ctx), caseId: request.params.caseId }),
    );

    app.post(
      '/api/secured-assets/cases/:caseId/valuations',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'Add a valuation (at Capture Valuation Details); re-derives the case valuation fields',
          security,
          params: caseIdParam,
          body: valuationInputSchema,
          response: { 200: valuationsReplySchema },
        },
      },
      (request) =>
        changeValuation(deps, {
          ctx: unitContext(request.ctx),
          caseId: request.params.caseId,
          change: { kind: 'add', input: request.body },
        }),
    );

    app.put(
      '/api/secured-assets/cases/:caseId/valuations/:valuationId',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'Change a valuation (at Capture Valuation Details); re-derives the case valuation fields',
          security,
          params: valuationIdParams,
          body: valuationInputSchema,
          response: { 200: valuationsReplySchema },
        },
      },
      (request) =>
        changeValuation(deps, {
          ctx: unitContext(request.ctx),
          caseId: request.params.caseId,
          change: { kind: 'update', valuationId: request.params.valuationId, input: request.body },
        }),
    );

    app.delete(
      '/api/secured-assets/cases/:caseId/valuations/:valuationId',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'Remove a valuation (at Capture Valuation Details); re-derives the case valuation fields',
          security,
          params: valuationIdParams,
          response: { 200: valuationsReplySchema },
        },
      },
      (request) =>
        changeValuation(deps, {
          ctx: unitContext(request.ctx),
          caseId: request.params.caseId,
          change: { kind: 'remove', valuationId: request.params.valuationId },
        }),
    );

    // The asset detail and inventory (the assetInventory widget): read with any repoapp authority; saved with Asset
    // Detail Capture's authority, at that stage only (checked by the service).
    app.get(
      '/api/secured-assets/cases/:caseId/inventory',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'The asset detail, inventory lines and photos of a repossession or SARFAESI case',
          security,
          params: caseIdParam,
          response: { 200: inventoryReplySchema },
        },
      },
      (request) => getInventory(deps, { ctx: unitContext(request.ctx), caseId: request.params.caseId }),
    );

    app.put(
      '/api/secured-assets/cases/:caseId/inventory',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'Save the asset detail and inventory lines (at Asset Detail Capture; replaces the lines)',
          security,
          params: caseIdParam,
          body: inventoryInputSchema,
          response: { 200: inventoryReplySchema },
        },
      },
      (request) =>
        putInventory(deps, { ctx: unitContext(request.ctx), caseId: request.params.caseId, input: request.body }),
    );

    // A SARFAESI case's newspaper publications (the publications widget): read with any repoapp authority; added and
    // removed with the case's current stage's authority at the stage of their notice (checked by the service).
    app.get(
      '/api/secured-assets/cases/:caseId/publications',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary:
            'The newspaper publications of a SARFAESI case (demand, possession and sale notices) and their scans',
          security,
          params: caseIdParam,
          response: { 200: publicationsReplySchema },
        },
      },
      (request) => getPublications(deps, { ctx: unitContext(request.ctx), caseId: request.params.caseId }),
    );

    app.post(
      '/api/secured-assets/cases/:caseId/publications',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'Record a newspaper publication of the notice of the case’s stage, with its scan (a case document)',
          security,
          params: caseIdParam,
          body: publicationInputSchema,
          response: { 200: publicationsReplySchema },
        },
      },
      (request) =>
        addPublication(deps, { ctx: unitContext(request.ctx), caseId: request.params.caseId, input: request.body }),
    );

    app.delete(
      '/api/secured-assets/cases/:caseId/publications/:publicationId',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'Remove a newspaper publication recorded at the case’s stage',
          security,
          params: publicationIdParams,
          response: { 200: publicationsReplySchema },
        },
      },
      (request) =>
        removePublication(deps, {
          ctx: unitContext(request.ctx),
          caseId: request.params.caseId,
          publicationId: request.params.publicationId,
        }),
    );

    // The units a register entry (yard, agency) may name, for the Repossession Settings forms.
    app.get(
      '/api/secured-assets/register-units',
      {
        config: settings,
        schema: {
          tags,
          summary: 'The active units of the acting subtree, which a yard or an agency may name',
          security,
          response: { 200: userUnitsReplySchema },
        },
      },
      (request) => getRegisterUnits(deps, { ctx: unitContext(request.ctx) }),
    );

    // Yards: the register (Repossession Settings, REPO_SETTINGS_SAUTH), a case's yard-in / yard-out (the case's current
    // stage's authority, checked by the service) and the dashboard's yard inventory (DASH_REPO_SAUTH).
    app.get(
      '/api/secured-assets/yards',
      {
        config: { auth: 'actingUnit' },
        schema: { tags, summary: 'The yards the acting unit may use', security, response: { 200: yardsReplySchema } },
      },
      (request) => getYards(deps, { ctx: unitContext(request.ctx) }),
    );

    app.post(
      '/api/secured-assets/yards',
      {
        config: settings,
        schema: {
          tags,
          summary: 'Add a yard (a unit of the acting subtree)',
          security,
          body: yardInputSchema,
          response: { 200: yardsReplySchema },
        },
      },
      (request) => saveYard(deps, { ctx: unitContext(request.ctx), yardId: null, input: request.body }),
    );

    app.put(
      '/api/secured-assets/yards/:yardId',
      {
        config: settings,
        schema: {
          tags,
          summary: 'Change or deactivate a yard',
          security,
          params: yardIdParams,
          body: yardInputSchema,
          response: { 200: yardsReplySchema },
        },
      },
      (request) =>
        saveYard(deps, { ctx: unitContext(request.ctx), yardId: request.params.yardId, input: request.body }),
    );

    app.get(
      '/api/secured-assets/cases/:caseId/yard',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'The yard stays of a case asset (the open one as current)',
          security,
          params: caseIdParam,
          response: { 200: caseYardReplySchema },
        },
      },
      (request) => getCaseYard(deps, { ctx: unitContext(request.ctx), caseId: request.params.caseId }),
    );

    app.post(
      '/api/secured-assets/cases/:caseId/yard-in',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'Yard-in of a case asset (refused while it is in a yard)',
          security,
          params: caseIdParam,
          body: yardInInputSchema,
          response: { 200: caseYardReplySchema },
        },
      },
      (request) =>
        moveAsset(deps, {
          ctx: unitContext(request.ctx),
          caseId: request.params.caseId,
          movement: { kind: 'in', input: request.body },
        }),
    );

    app.post(
      '/api/secured-assets/cases/:caseId/yard-out',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'Yard-out of a case asset (sale, release, transfer; not before its yard-in)',
          security,
          params: caseIdParam,
          body: yardOutInputSchema,
          response: { 200: caseYardReplySchema },
        },
      },
      (request) =>
        moveAsset(deps, {
          ctx: unitContext(request.ctx),
          caseId: request.params.caseId,
          movement: { kind: 'out', input: request.body },
        }),
    );

    app.get(
      '/api/secured-assets/yard-inventory',
      {
        config: { auth: { app: REPO_APP, authority: 'DASH_REPO_SAUTH' } as const },
        schema: {
          tags,
          summary: 'Per yard: the acting subtree assets in it now and how long they have been held',
          security,
          response: { 200: yardInventorySchema },
        },
      },
      (request) => getYardInventory(deps, { ctx: unitContext(request.ctx) }),
    );

    // Agencies register (Repossession Settings → Agencies): read by any repoapp user of the unit (the agency picker
    // lists the usable ones), changed with REPO_SETTINGS_SAUTH.
    app.get(
      '/api/secured-assets/agencies',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'The agencies serving the acting unit (of a kind; usable = active and empanelled today)',
          security,
          querystring: agenciesQuerySchema,
          response: { 200: agenciesReplySchema },
        },
      },
      (request) =>
        getAgencies(deps, {
          ctx: unitContext(request.ctx),
          ...(request.query.kind ? { kind: request.query.kind } : {}),
          usable: request.query.usable === 'true',
        }),
    );

    app.post(
      '/api/secured-assets/agencies',
      {
        config: settings,
        schema: {
          tags,
          summary: 'Add an agency to the register',
          security,
          body: agencyInputSchema,
          response: { 200: agenciesReplySchema },
        },
      },
      (request) => saveAgency(deps, { ctx: unitContext(request.ctx), agencyId: null, input: request.body }),
    );

    app.put(
      '/api/secured-assets/agencies/:agencyId',
      {
        config: settings,
        schema: {
          tags,
          summary: 'Change or deactivate an agency',
          security,
          params: agencyIdParams,
          body: agencyInputSchema,
          response: { 200: agenciesReplySchema },
        },
      },
      (request) =>
        saveAgency(deps, { ctx: unitContext(request.ctx), agencyId: request.params.agencyId, input: request.body }),
    );

    // The agency's authorisation letter: uploaded with REPO_SETTINGS_SAUTH (multipart, encapsulated here so no other
    // route takes multipart bodies), read by any repoapp user of the unit.
    const letterUpload: FastifyPluginAsyncZod = async (letters) => {
      await letters.register(multipart, {
        limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
      });
      letters.post(
        '/api/secured-assets/agencies/:agencyId/letter',
        {
          config: settings,
          schema: {
            tags,
            summary: 'File the agency’s authorisation letter (multipart: file, PDF, PNG or JPEG ≤ 5 MB)',
            security,
            params: agencyIdParams,
            response: { 200: agenciesReplySchema },
          },
        },
        (request) =>
          uploadAgencyLetter(deps, {
            ctx: unitContext(request.ctx),
            agencyId: request.params.agencyId,
            readUpload: () => readUpload(request),
          }),
      );
    };
    await app.register(letterUpload);
    app.get(
      '/api/secured-assets/agencies/:agencyId/letter',
      {
        config: { auth: 'actingUnit' },
        schema: { tags, summary: 'The agency’s authorisation letter on file', security, params: agencyIdParams },
      },
      async (request, reply) => {
        const letter = await readAgencyLetter(deps, {
          ctx: unitContext(request.ctx),
          agencyId: request.params.agencyId,
        });
        return sendFile(
          reply,
          { contentType: letter.mimeType, fileName: letter.fileName, body: letter.content },
          { fallbackName: 'letter' },
        );
      },
    );
  };
}

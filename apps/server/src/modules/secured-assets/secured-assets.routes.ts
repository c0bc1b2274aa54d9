import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caseIdParam } from '@recovery-desk/domain/workflow/contracts.ts';
import {
  securedTemplatesInputSchema,
  securedTemplatesReplySchema,
} from '@recovery-desk/domain/secured-assets/document-templates.ts';
import type { AppDeps } from '../../deps.ts';
import { unitContext } from '../../http/request-context.ts';
import {
  valuationIdParams,
  valuationInputSchema,
  valuationsReplySchema,
} from '@recovery-desk/domain/secured-assets/valuations.ts';
import { redemptionStateSchema } from './secured-assets.schemas.ts';
import { changeValuation, getValuations } from './services/valuations.ts';
import { getCaseYard, getYardInventory, getYards, moveAsset, saveYard } from './services/yards.ts';
import { getAgencies, saveAgency } from './services/agencies.ts';
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
import { getSecuredTemplates, updateSecuredTemplates } from './services/templates.ts';
import { REPO_APP } from './secured-assets-constants.ts';

const security = [{ bearer: [] }];
const tags = ['secured-assets'];
const settings = { auth: { app: REPO_APP, authority: 'REPO_SETTINGS_SAUTH' } as const };

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
  };
}

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

const security = [{ bearer: [] }];
const tags = ['secured-assets'];
const settings = { auth: { app: REPO_APP, authority: 'REPO_SETTINGS_SAUTH' } as const };

/**
 * Secured assets (repossession and SARFAESI) beyond the generic workflow routes: the document templates of their
 * effects, a SARFAESI case's §13(8) redemption state, and a case's closure (shortfall, surplus and its refund).
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

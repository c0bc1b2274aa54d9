import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  initiationCandidatesQuerySchema,
  initiationCandidatesSchema,
  linkedAccountsSchema,
  REPO_WORKFLOW_CODES,
  repoDashboardSchema,
  repoSettingsInputSchema,
  repoSettingsParamsSchema,
  repoSettingsSchema,
  startCaseInputSchema,
  startCaseReplySchema,
} from '@recovery-desk/domain/repo/contracts.ts';
import { accountIdParam } from '@recovery-desk/domain/workflow/contracts.ts';
import { findBuiltInDefinition } from '@recovery-desk/domain/workflow/definitions/catalogue.ts';
import type { AuthorityCode } from '@recovery-desk/domain/authorities.ts';
import type { AppDeps } from '../../deps.ts';
import { unitContext } from '../../http/request-context.ts';
import { getRepoDashboard } from './services/get-dashboard.ts';
import { listCandidates, startRepoCase } from './services/initiation.ts';
import { getLinkedAccounts } from './services/linked-accounts.ts';
import { getRepoSettings, updateRepoSettings } from './services/settings.ts';

const security = [{ bearer: [] }];
const tags = ['repossession'];
const repo = (authority: AuthorityCode) => ({ auth: { app: 'repoapp', authority } as const });

/**
 * The repossession app's dashboard and settings (issue 15). Its stage trays and case screens are the generic workflow
 * routes; its documents and widgets are the secured-assets module's.
 */
export function repoAppsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/repo/accounts/:accountId/linked',
      {
        config: repo('Link_Lan_AccDtl_SAUTH'),
        schema: {
          tags,
          summary:
            "Linked Account Details: the borrower's loan accounts in the unit subtree, their exposure and open cases",
          security,
          params: accountIdParam,
          response: { 200: linkedAccountsSchema },
        },
      },
      (request) => getLinkedAccounts(deps, { ctx: unitContext(request.ctx), accountId: request.params.accountId }),
    );

    app.get(
      '/api/repo/dashboard',
      {
        config: repo('DASH_REPO_SAUTH'),
        schema: {
          tags,
          summary: 'Repossession and SARFAESI work per stage: counts, ageing, overdue statutory dates',
          security,
          response: { 200: repoDashboardSchema },
        },
      },
      (request) => getRepoDashboard(deps, { ctx: unitContext(request.ctx) }),
    );

    app.get(
      '/api/repo/settings',
      {
        config: repo('REPO_SETTINGS_SAUTH'),
        schema: {
          tags,
          summary: 'Repossession Settings: the REPOSSESSION and SARFAESI timelines, active definition versions',
          security,
          response: { 200: repoSettingsSchema },
        },
      },
      () => getRepoSettings(deps),
    );

    app.put(
      '/api/repo/settings/:code',
      {
        config: repo('REPO_SETTINGS_SAUTH'),
        schema: {
          tags,
          summary: 'Change a workflow’s timelines (version required): publishes a new definition version',
          security,
          params: repoSettingsParamsSchema,
          body: repoSettingsInputSchema,
          response: { 200: repoSettingsSchema },
        },
      },
      (request) =>
        updateRepoSettings(deps, { ctx: unitContext(request.ctx), code: request.params.code, input: request.body }),
    );

    // Initiation (Repossession Initiate, Sarfaesi Initiate): the initial stage's authority.
    for (const code of REPO_WORKFLOW_CODES) {
      const definition = findBuiltInDefinition(code)!;
      const initial = definition.stages.find((stage) => stage.code === definition.initialStage)!;
      const config = repo(initial.authority as AuthorityCode);
      app.get(
        `/api/repo/${code}/candidates`,
        {
          config,
          schema: {
            tags,
            summary: `Accounts that may start a ${code} case: past due in the acting unit's subtree, none open`,
            security,
            querystring: initiationCandidatesQuerySchema,
            response: { 200: initiationCandidatesSchema },
          },
        },
        (request) => listCandidates(deps, { ctx: unitContext(request.ctx), code, query: request.query }),
      );
      app.post(
        `/api/repo/${code}/accounts/:accountId/cases`,
        {
          config,
          schema: {
            tags,
            summary: `Start a ${code} case on an account (at ${initial.code}; 409 when one is open)`,
            security,
            params: accountIdParam,
            body: startCaseInputSchema,
            response: { 200: startCaseReplySchema },
          },
        },
        (request) =>
          startRepoCase(deps, {
            ctx: unitContext(request.ctx),
            code,
            accountId: request.params.accountId,
            fields: request.body.fields,
          }),
      );
    }
  };
}

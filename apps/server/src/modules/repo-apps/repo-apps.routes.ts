import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  repoDashboardSchema,
  repoSettingsInputSchema,
  repoSettingsParamsSchema,
  repoSettingsSchema,
} from '@recovery-desk/domain/repo/contracts.ts';
import type { AuthorityCode } from '@recovery-desk/domain/authorities.ts';
import type { AppDeps } from '../../deps.ts';
import { unitContext } from '../../http/request-context.ts';
import { getRepoDashboard } from './services/get-dashboard.ts';
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
  };
}

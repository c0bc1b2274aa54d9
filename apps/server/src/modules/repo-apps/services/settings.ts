import {
  REPO_WORKFLOW_CODES,
  repossessionTimelinesSchema,
  sarfaesiTimelinesSchema,
  type RepoSettings,
  type RepoSettingsInput,
  type RepoWorkflowCode,
} from '@recovery-desk/domain/repo/contracts.ts';
import {
  buildRepossessionDefinition,
  DEFAULT_REPOSSESSION_TIMELINES,
  REPOSSESSION_BUILT_IN_VERSION,
} from '@recovery-desk/domain/workflow/definitions/repossession.ts';
import {
  buildSarfaesiDefinition,
  DEFAULT_SARFAESI_TIMELINES,
  SARFAESI_BUILT_IN_VERSION,
} from '@recovery-desk/domain/workflow/definitions/sarfaesi.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { loadTimelines, updateTimelines, type TimelinesWorkflow } from '../../workflow/index.ts';

// Repossession Settings (/Repo/Settings): the timelines of the REPOSSESSION and SARFAESI workflows (the numbers of
// their statutory and policy date rules). A change publishes a new definition version built from them, through the
// workflow engine's timelines settings (workflow/services/timelines.ts), as the legal settings do for LEGAL.

const WORKFLOWS = {
  REPOSSESSION: {
    code: 'REPOSSESSION',
    schema: repossessionTimelinesSchema,
    defaults: DEFAULT_REPOSSESSION_TIMELINES,
    builtInVersion: REPOSSESSION_BUILT_IN_VERSION,
    build: (timelines, version) => buildRepossessionDefinition(timelines, version, 'ACTIVE'),
  } satisfies TimelinesWorkflow<typeof DEFAULT_REPOSSESSION_TIMELINES>,
  SARFAESI: {
    code: 'SARFAESI',
    schema: sarfaesiTimelinesSchema,
    defaults: DEFAULT_SARFAESI_TIMELINES,
    builtInVersion: SARFAESI_BUILT_IN_VERSION,
    build: (timelines, version) => buildSarfaesiDefinition(timelines, version, 'ACTIVE'),
  } satisfies TimelinesWorkflow<typeof DEFAULT_SARFAESI_TIMELINES>,
};

const LABEL_KEYS: Record<RepoWorkflowCode, string> = {
  REPOSSESSION: 'RepoSettingsRepossession',
  SARFAESI: 'RepoSettingsSarfaesi',
};

/** GET /api/repo/settings (REPO_SETTINGS_SAUTH) */
export async function getRepoSettings(deps: AppDeps): Promise<RepoSettings> {
  const loaded = await Promise.all([
    loadTimelines(deps.db, WORKFLOWS.REPOSSESSION),
    loadTimelines(deps.db, WORKFLOWS.SARFAESI),
  ]);
  return {
    workflows: REPO_WORKFLOW_CODES.map((code, index) => ({
      code,
      labelKey: LABEL_KEYS[code],
      timelines: loaded[index]!.timelines,
      definitionVersion: loaded[index]!.definitionVersion,
      version: loaded[index]!.version,
    })),
  };
}

/** PUT /api/repo/settings/:code (REPO_SETTINGS_SAUTH): new timelines of one workflow, at the version read. */
export async function updateRepoSettings(
  deps: AppDeps,
  { ctx, code, input }: { ctx: UnitContext; code: RepoWorkflowCode; input: RepoSettingsInput },
): Promise<RepoSettings> {
  if (code === 'REPOSSESSION') await updateTimelines(deps, ctx, WORKFLOWS.REPOSSESSION, input);
  else await updateTimelines(deps, ctx, WORKFLOWS.SARFAESI, input);
  return getRepoSettings(deps);
}

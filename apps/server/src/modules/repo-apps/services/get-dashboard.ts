import { REPO_WORKFLOW_CODES, type RepoDashboard } from '@recovery-desk/domain/repo/contracts.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { listAuthorityEntries } from '../../../access/authority-entries.repository.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { activeDefinition, workflowDashboard } from '../../workflow/index.ts';

export const REPO_APP = 'repoapp';

/**
 * GET /api/repo/dashboard (DASH_REPO_SAUTH, checked by the route) — the REPOSSESSION and SARFAESI work of the acting
 * unit's subtree, each the workflow dashboard of its active definition: per stage the tab counts, overdue and ageing
 * (linked to the stage's tray when the caller holds its authority), totals, and the most overdue cases with the date
 * rules that make them due.
 */
export async function getRepoDashboard(deps: AppDeps, { ctx }: { ctx: UnitContext }): Promise<RepoDashboard> {
  const [businessDate, entries, definitions] = await Promise.all([
    requireBusinessDate(deps.db),
    listAuthorityEntries(deps.db, { userId: ctx.user.id, unitId: ctx.actingUnit.id, app: REPO_APP }),
    Promise.all(REPO_WORKFLOW_CODES.map((code) => activeDefinition(deps.db, code))),
  ]);
  const authorities = new Set(entries.map((entry) => entry.system_auth));
  const workflows = await Promise.all(
    definitions.map((definition) =>
      workflowDashboard(deps.db, { definition, unitPath: ctx.actingUnit.path, businessDate, authorities }),
    ),
  );
  return { businessDate, workflows };
}

import { REPO_WORKFLOW_CODES, type RepoDashboard } from '@recovery-desk/domain/repo/contracts.ts';
import {
  financialYearStart,
  NO_RECOVERIES,
  type RecoveryCurrency,
  type RepoRecoveries,
} from '@recovery-desk/domain/repo/recoveries.ts';
import type { WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import type { AppDeps } from '../../../deps.ts';
import type { Executor } from '../../../db/transaction.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { listAuthorityEntries } from '../../../access/authority-entries.repository.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { activeDefinition, workflowDashboard } from '../../workflow/index.ts';
import { sumRecoveries } from '../recoveries.repository.ts';

export const REPO_APP = 'repoapp';

/**
 * GET /api/repo/dashboard (DASH_REPO_SAUTH, checked by the route) — the REPOSSESSION and SARFAESI work of the acting
 * unit's subtree, each the workflow dashboard of its active definition: per stage the tab counts, overdue and ageing
 * (linked to the stage's tray when the caller holds its authority), totals, and the most overdue cases with the date
 * rules that make them due; and the recoveries of the subtree's closed cases.
 */
export async function getRepoDashboard(deps: AppDeps, { ctx }: { ctx: UnitContext }): Promise<RepoDashboard> {
  const [businessDate, entries, definitions] = await Promise.all([
    requireBusinessDate(deps.db),
    listAuthorityEntries(deps.db, { userId: ctx.user.id, unitId: ctx.actingUnit.id, app: REPO_APP }),
    Promise.all(REPO_WORKFLOW_CODES.map((code) => activeDefinition(deps.db, code))),
  ]);
  const authorities = new Set(entries.map((entry) => entry.system_auth));
  const [workflows, recoveries] = await Promise.all([
    Promise.all(
      definitions.map((definition) =>
        workflowDashboard(deps.db, { definition, unitPath: ctx.actingUnit.path, businessDate, authorities }),
      ),
    ),
    repoRecoveries(deps.db, { definitions, unitPath: ctx.actingUnit.path, businessDate }),
  ]);
  return { businessDate, workflows, recoveries };
}

/** The stage whose step records the closure (the settleClosure effect): its tray's approved tab lists closed cases. */
function closureStageOf(definition: WorkflowDefinition): string {
  const stage = definition.stages.find((candidate) =>
    candidate.actions.some((action) => action.effects.includes('settleClosure')),
  );
  return stage?.code ?? '';
}

/**
 * What the closed cases of the subtree brought back, per workflow and currency, over this month, the financial year
 * (from 1 April) and all time, by the closures' business date (secured_closures).
 */
async function repoRecoveries(
  db: Executor,
  input: { definitions: readonly WorkflowDefinition[]; unitPath: string; businessDate: string },
): Promise<RepoRecoveries> {
  const monthStart = `${input.businessDate.slice(0, 8)}01`;
  const yearStart = financialYearStart(input.businessDate);
  const rows = await sumRecoveries(db, {
    definitionCodes: input.definitions.map((definition) => definition.code),
    unitPath: input.unitPath,
    businessDate: input.businessDate,
    monthStart,
    yearStart,
  });
  return {
    monthStart,
    yearStart,
    workflows: input.definitions.map((definition) => {
      const byCurrency = new Map<string, RecoveryCurrency>();
      for (const { code, currency, period, ...figures } of rows) {
        if (code !== definition.code) continue;
        const entry = byCurrency.get(currency) ?? {
          currency: currency as RecoveryCurrency['currency'],
          month: NO_RECOVERIES,
          yearToDate: NO_RECOVERIES,
          allTime: NO_RECOVERIES,
        };
        entry[period] = figures;
        byCurrency.set(currency, entry);
      }
      return { code: definition.code, closureStage: closureStageOf(definition), currencies: [...byCurrency.values()] };
    }),
  };
}

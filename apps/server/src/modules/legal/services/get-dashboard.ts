import type { LegalDashboard } from '@recovery-desk/domain/legal/contracts.ts';
import { daysBetween } from '@recovery-desk/domain/dates.ts';
import { shiftDate } from '@recovery-desk/domain/workflow/dates.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { activeDefinition } from '../../workflow/index.ts';
import { countByStage, countTotals, listOverdueCases, listUpcomingHearings } from '../dashboard.repository.ts';
import { LEGAL_CODE } from '../legal-constants.ts';
import { countPool } from '../pool.repository.ts';
import { requireSomeLegalAuthority } from './legal-access.ts';
import { loadLegalSettings } from './settings.ts';

export const OVERDUE_LIST_SIZE = 20;
export const HEARING_WINDOW_DAYS = 14;

/**
 * GET /api/legal/dashboard — the legal work of the acting unit's subtree: per stage of the active LEGAL definition
 * (the pool counted apart) the tab counts and overdue cases, whether the caller may open the stage's tray, totals,
 * the most overdue cases and the hearings of the next two weeks. Any legalapp authority may see it.
 */
export async function getLegalDashboard(deps: AppDeps, { ctx }: { ctx: UnitContext }): Promise<LegalDashboard> {
  const authorities = await requireSomeLegalAuthority(deps.db, ctx);
  const [businessDate, definition, settings] = await Promise.all([
    requireBusinessDate(deps.db),
    activeDefinition(deps.db, LEGAL_CODE),
    loadLegalSettings(deps.db),
  ]);
  const unitPath = ctx.actingUnit.path;
  const [stageCounts, totals, overdue, hearings, poolCount] = await Promise.all([
    countByStage(deps.db, { unitPath, businessDate }),
    countTotals(deps.db, { unitPath, businessDate, monthStart: `${businessDate.slice(0, 8)}01` }),
    listOverdueCases(deps.db, { unitPath, businessDate, limit: OVERDUE_LIST_SIZE }),
    listUpcomingHearings(deps.db, {
      unitPath,
      businessDate,
      until: shiftDate(businessDate, HEARING_WINDOW_DAYS),
    }),
    countPool(deps.db, {
      rule: settings.poolRule,
      businessDate,
      scope: { view: 'team', userId: ctx.user.id, unitPath, isLeafUnit: false },
      filters: {},
    }),
  ]);
  const counts = new Map(stageCounts.map((row) => [row.stage, row]));
  const stageOf = new Map(definition.stages.map((stage) => [stage.code, stage]));
  return {
    businessDate,
    stages: definition.stages
      .filter((stage) => stage.code !== definition.initialStage)
      .map((stage) => {
        const row = counts.get(stage.code);
        return {
          stage: stage.code,
          labelKey: stage.labelKey,
          routeSlug: stage.routeSlug,
          canOpen: authorities.has(stage.authority),
          open: row?.open ?? 0,
          pendingApproval: row?.pendingApproval ?? 0,
          pushback: row?.pushback ?? 0,
          rejected: row?.rejected ?? 0,
          overdue: row?.overdue ?? 0,
        };
      }),
    poolCount,
    totals,
    overdueCases: overdue.map((row) => ({
      ...row,
      stageLabelKey: stageOf.get(row.stage)?.labelKey ?? row.stage,
      routeSlug: stageOf.get(row.stage)?.routeSlug ?? '',
      daysOverdue: daysBetween(row.dueOn, businessDate),
    })),
    upcomingHearings: hearings,
  };
}

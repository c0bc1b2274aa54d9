import type { WorkflowDashboard } from '@recovery-desk/domain/workflow/dashboard-contracts.ts';
import { daysBetween } from '@recovery-desk/domain/dates.ts';
import type { WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import type { Executor } from '../../../db/transaction.ts';
import { countByStage, countTotals, listOverdueCases } from '../dashboard.repository.ts';

export const OVERDUE_LIST_SIZE = 20;

/**
 * The dashboard of one workflow (its active `definition`) over the cases of the unit subtree `unitPath`: per stage
 * (the initial stage too: initiation is work) the tab counts, overdue and ageing, and whether the caller (holding
 * `authorities` in the definition's app) may open its tray; totals; the most overdue cases with the date rules that
 * set their due date. Authorization is the caller's (the route's authority).
 */
export async function workflowDashboard(
  db: Executor,
  input: { definition: WorkflowDefinition; unitPath: string; businessDate: string; authorities: ReadonlySet<string> },
): Promise<WorkflowDashboard> {
  const { definition, unitPath, businessDate } = input;
  const scope = { definitionCode: definition.code, unitPath };
  const [stageCounts, totals, overdue] = await Promise.all([
    countByStage(db, { ...scope, businessDate }),
    countTotals(db, { ...scope, businessDate, monthStart: `${businessDate.slice(0, 8)}01` }),
    listOverdueCases(db, { ...scope, businessDate, limit: OVERDUE_LIST_SIZE }),
  ]);
  const counts = new Map(stageCounts.map((row) => [row.stage, row]));
  const stageOf = new Map(definition.stages.map((stage) => [stage.code, stage]));
  const dueRulesOf = (stage: string) =>
    definition.dateRules
      .filter((rule) => rule.kind === 'latest' && rule.stages.includes(stage))
      .map((rule) => ({ name: rule.name, label: rule.label, labelKey: rule.labelKey }));
  return {
    code: definition.code,
    labelKey: definition.labelKey,
    version: definition.version,
    stages: definition.stages.map((stage) => {
      const row = counts.get(stage.code);
      return {
        stage: stage.code,
        labelKey: stage.labelKey,
        routeSlug: stage.routeSlug,
        canOpen: input.authorities.has(stage.authority),
        open: row?.open ?? 0,
        pendingApproval: row?.pendingApproval ?? 0,
        pushback: row?.pushback ?? 0,
        rejected: row?.rejected ?? 0,
        overdue: row?.overdue ?? 0,
        ageing: {
          upTo7: row?.upTo7 ?? 0,
          upTo30: row?.upTo30 ?? 0,
          upTo90: row?.upTo90 ?? 0,
          over90: row?.over90 ?? 0,
        },
      };
    }),
    totals,
    overdueCases: overdue.map((row) => ({
      ...row,
      stageLabelKey: stageOf.get(row.stage)?.labelKey ?? row.stage,
      routeSlug: stageOf.get(row.stage)?.routeSlug ?? '',
      daysOverdue: daysBetween(row.dueOn, businessDate),
      rules: dueRulesOf(row.stage),
    })),
  };
}

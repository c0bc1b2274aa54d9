import type { StageTrayPage, StageTrayQuery } from '@recovery-desk/domain/workflow/contracts.ts';
import {
  definitionFields,
  isApprovalStage,
  type ColumnDefinition,
  type StageDefinition,
  type WorkflowDefinition,
} from '@recovery-desk/domain/workflow/definition.ts';
import type { Executor } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import {
  columnSortKey,
  countStageTray,
  DEFAULT_SORT_KEY,
  readStageTrayPage,
  type StageTrayRow,
  type StageTraySelection,
  type StageTraySort,
} from '../stage-tray.repository.ts';
import { activeDefinition } from './definitions.ts';

// A stage tray of a workflow (one list route per stage, declared with the stage's authority). Trays list the cases
// of every version of the workflow; columns, views and filters come from the ACTIVE version.

export type StageTrayRequest = { ctx: UnitContext; definitionCode: string; stageCode: string; query: StageTrayQuery };
export type ResolvedStageTray = {
  definition: WorkflowDefinition;
  stage: StageDefinition;
  selection: StageTraySelection;
  sort: StageTraySort;
  businessDate: string;
};

/** The view a stage opens in: approval stages in Team View (a checker decides others' work), else My View. */
export function defaultView(stage: StageDefinition): 'my' | 'team' {
  return isApprovalStage(stage) ? 'team' : 'my';
}

function traySort(definition: WorkflowDefinition, query: StageTrayQuery): StageTraySort {
  const order = query.order ?? 'asc';
  if (query.sort === undefined) return { key: DEFAULT_SORT_KEY, order };
  const column: ColumnDefinition | undefined = definition.columns.find((candidate) => candidate.key === query.sort);
  const key = column?.sortable ? columnSortKey(column) : undefined;
  if (!key) {
    const sortable = definition.columns.filter((candidate) => candidate.sortable && columnSortKey(candidate));
    throw validationError('sort', `must be one of ${sortable.map((candidate) => candidate.key).join(', ')}`);
  }
  return { key, order };
}

export async function resolveStageTray(db: Executor, request: StageTrayRequest): Promise<ResolvedStageTray> {
  const { ctx, query } = request;
  const definition = await activeDefinition(db, request.definitionCode);
  const stage = definition.stages.find((candidate) => candidate.code === request.stageCode);
  if (!stage) throw new Error(`stage ${request.stageCode} is not in the active ${request.definitionCode} workflow`);
  if (query.caseType !== undefined) {
    const options = definitionFields(definition)
      .get('caseType')
      ?.options?.map((option) => option.value);
    if (!options) throw validationError('caseType', `the ${definition.code} workflow has no case types`);
    if (!options.includes(query.caseType)) throw validationError('caseType', `must be one of ${options.join(', ')}`);
  }
  const sort = traySort(definition, query);
  const businessDate = await requireBusinessDate(db);
  return {
    definition,
    stage,
    sort,
    businessDate,
    selection: {
      definitionCode: definition.code,
      stage: stage.code,
      tab: query.tab,
      view: query.view ?? defaultView(stage),
      userId: ctx.user.id,
      unitPath: ctx.actingUnit.path,
      filters: {
        q: query.q || undefined,
        dpdFrom: query.dpdFrom,
        dpdTo: query.dpdTo,
        products: query.products,
        caseType: query.caseType,
        overdueBefore: query.overdueOnly ? businessDate : undefined,
      },
    },
  };
}

export function caseRowOf(row: StageTrayRow, businessDate: string): StageTrayPage['data'][number] {
  return { ...row, isOverdue: row.dueOn !== null && row.dueOn < businessDate };
}

/**
 * GET /api/workflow/:code/stages/:stage/cases — one page of a tab of the stage tray (My View: cases assigned to
 * the caller; Team View: the acting unit's subtree; both stay in the subtree), with the exact count of the tab and
 * the count of every tab.
 */
export async function listStageTray(deps: AppDeps, request: StageTrayRequest): Promise<StageTrayPage> {
  const { selection, sort, businessDate } = await resolveStageTray(deps.db, request);
  const { page, pageSize } = request.query;
  const [rows, tabCounts] = await Promise.all([
    readStageTrayPage(deps.db, selection, sort, { limit: pageSize, offset: (page - 1) * pageSize }),
    countStageTray(deps.db, selection),
  ]);
  return {
    data: rows.map((row) => caseRowOf(row, businessDate)),
    count: tabCounts[selection.tab],
    page,
    pageSize,
    tabCounts,
  };
}

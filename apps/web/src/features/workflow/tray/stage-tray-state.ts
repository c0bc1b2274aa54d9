import { PAGE_SIZES } from '@recovery-desk/domain/paging.ts';
import type { Product } from '@recovery-desk/domain/products.ts';
import { stageTrayQuerySchema, type CaseTab } from '@recovery-desk/domain/workflow/contracts.ts';
import {
  definitionFields,
  isApprovalStage,
  type FieldDefinition,
  type StageDefinition,
  type WorkflowDefinition,
} from '@recovery-desk/domain/workflow/definition.ts';
import { validateDpdAndSearch, type FilterMessage } from '../../../components/tray/tray-state.ts';
import { apiQueryOf, parseUrlState, serializeUrlState, type UrlStateDefinition } from '../../../lib/url-state.ts';

// The URL is the state of a stage tray (architecture §6): view, tab, filters, sort, page and page size live in the
// search params, parsed forgivingly (a bad value falls back to its default), so a reload, the back button or a
// shared link shows the same page.

export type PageSize = (typeof PAGE_SIZES)[number];
export type SortOrder = 'asc' | 'desc';

/** What a stage tray is: its definition and stage, its route and the defaults that follow from them. */
export type StageTrayConfig = {
  definition: WorkflowDefinition;
  stage: StageDefinition;
  /** route-catalogue name of the tray (list) route */
  routeName: string;
  /** the search view name the screen carries (spec §2.7), e.g. initiatelegal; null when it has none */
  searchView: string | null;
  defaultView: 'my' | 'team';
  /** the definition's case type field, when it has a select of that name */
  caseTypeField: FieldDefinition | null;
};

/** Spec §2.7: search view names held per screen ("the legal views are legalEligible and initiatelegal"). */
export const SEARCH_VIEWS: Readonly<Record<string, string>> = { initiateLegal: 'initiatelegal' };

export function stageTrayConfig(
  definition: WorkflowDefinition,
  stage: StageDefinition,
  routeName: string,
): StageTrayConfig {
  const caseType = definitionFields(definition).get('caseType');
  return {
    definition,
    stage,
    routeName,
    searchView: SEARCH_VIEWS[routeName] ?? null,
    // Approval stages open in Team View: their checkers decide on other people's work.
    defaultView: isApprovalStage(stage) ? 'team' : 'my',
    caseTypeField: caseType?.type === 'select' ? caseType : null,
  };
}

export type StageTrayFilters = {
  q: string;
  dpdFrom: number | null;
  dpdTo: number | null;
  products: Product[];
  caseType: string | null;
  overdueOnly: boolean;
};

export type StageTrayState = StageTrayFilters & {
  view: 'my' | 'team';
  tab: CaseTab;
  sort: string | null;
  order: SortOrder;
  page: number;
  pageSize: PageSize;
};

export const DEFAULT_PAGE_SIZE: PageSize = 25;

export const EMPTY_FILTERS: StageTrayFilters = {
  q: '',
  dpdFrom: null,
  dpdTo: null,
  products: [],
  caseType: null,
  overdueOnly: false,
};

/**
 * The tab a stage's work waits in: a stage that cases only reach by being rejected (the legal Reject Tray) holds its
 * work under Rejected (the tab rule of workflow/contracts.ts); every other stage under Pending Approval.
 */
export function defaultTab(config: Pick<StageTrayConfig, 'definition' | 'stage'>): CaseTab {
  const arriving = config.definition.stages
    .flatMap((stage) => stage.actions)
    .filter((action) => 'stage' in action.to && action.to.stage === config.stage.code);
  return arriving.length > 0 && arriving.every((action) => action.status === 'Rejected')
    ? 'rejected'
    : 'pendingApproval';
}

export function defaultStageTrayState(config: StageTrayConfig): StageTrayState {
  return {
    ...EMPTY_FILTERS,
    view: config.defaultView,
    tab: defaultTab(config),
    sort: null,
    order: 'asc',
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
  };
}

export function sortableKeys(config: StageTrayConfig): string[] {
  return config.stage.trayColumns.filter(
    (key) => config.definition.columns.find((column) => column.key === key)?.sortable === true,
  );
}

const definitions = new WeakMap<StageTrayConfig, UrlStateDefinition<StageTrayState>>();

/**
 * How a stage tray keeps its state in the address: the keys and values of the server's stage tray query
 * (stageTrayQuerySchema), the stage's defaults (its view and tab), a sort among the stage's sortable columns, a case
 * type among the definition's options, and the screen's search view name always carried.
 */
export function stageTrayUrlState(config: StageTrayConfig): UrlStateDefinition<StageTrayState> {
  const known = definitions.get(config);
  if (known) return known;
  const definition: UrlStateDefinition<StageTrayState> = {
    schema: stageTrayQuerySchema,
    defaults: defaultStageTrayState(config),
    fixed: config.searchView === null ? undefined : { searchView: config.searchView },
    companions: { order: 'sort' },
    constrain: (state) => ({
      ...state,
      products: [...new Set(state.products)],
      caseType:
        state.caseType !== null && config.caseTypeField?.options?.some((option) => option.value === state.caseType)
          ? state.caseType
          : null,
      sort: state.sort !== null && sortableKeys(config).includes(state.sort) ? state.sort : null,
      order: state.sort !== null && sortableKeys(config).includes(state.sort) ? state.order : 'asc',
    }),
  };
  definitions.set(config, definition);
  return definition;
}

export function parseStageTrayState(params: URLSearchParams, config: StageTrayConfig): StageTrayState {
  return parseUrlState(stageTrayUrlState(config), params);
}

/** The search params of a state; defaults are left out (the screen's search view is always carried). */
export function serializeStageTrayState(state: StageTrayState, config: StageTrayConfig): URLSearchParams {
  return serializeUrlState(stageTrayUrlState(config), state);
}

// Every stage sends the same keys; a stage's own defaults do not matter for the API query.
const API_QUERY: UrlStateDefinition<StageTrayState> = {
  schema: stageTrayQuerySchema,
  defaults: { ...EMPTY_FILTERS, view: 'my', tab: 'pendingApproval', sort: null, order: 'asc', page: 1, pageSize: 25 },
  companions: { order: 'sort' },
};

/** The query of GET /api/workflow/:code/stages/:stage/cases (stageTrayQuerySchema). */
export function stageTrayApiQuery(state: StageTrayState): URLSearchParams {
  return apiQueryOf(API_QUERY, state);
}

/** The query of the export: the current view, tab, filters and sort, every row (no page). */
export function stageTrayExportQuery(state: StageTrayState): URLSearchParams {
  const params = stageTrayApiQuery(state);
  params.delete('page');
  params.delete('pageSize');
  return params;
}

/** A change of view, tab, filters, sort or page size starts again at page 1. */
export function withFirstPage(state: StageTrayState): StageTrayState {
  return { ...state, page: 1 };
}

export function hasFilters(state: StageTrayFilters): boolean {
  return (
    state.q !== '' ||
    state.dpdFrom !== null ||
    state.dpdTo !== null ||
    state.products.length > 0 ||
    state.caseType !== null ||
    state.overdueOnly
  );
}

// The filter form edits text; it becomes state only when every field is valid.
export type FilterDraft = {
  q: string;
  dpdFrom: string;
  dpdTo: string;
  products: Product[];
  caseType: string;
  overdueOnly: boolean;
};

export type FilterErrors = Partial<Record<keyof FilterDraft, FilterMessage>>;

export function draftOf(filters: StageTrayFilters): FilterDraft {
  return {
    q: filters.q,
    dpdFrom: filters.dpdFrom === null ? '' : String(filters.dpdFrom),
    dpdTo: filters.dpdTo === null ? '' : String(filters.dpdTo),
    products: filters.products,
    caseType: filters.caseType ?? '',
    overdueOnly: filters.overdueOnly,
  };
}

export const validateFilters = (draft: FilterDraft): FilterErrors => validateDpdAndSearch(draft);

/** The filters of a valid draft (call only when validateFilters found nothing). */
export function filtersOf(draft: FilterDraft): StageTrayFilters {
  return {
    q: draft.q.trim(),
    dpdFrom: draft.dpdFrom === '' ? null : Number(draft.dpdFrom),
    dpdTo: draft.dpdTo === '' ? null : Number(draft.dpdTo),
    products: draft.products,
    caseType: draft.caseType === '' ? null : draft.caseType,
    overdueOnly: draft.overdueOnly,
  };
}

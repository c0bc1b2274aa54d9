import { PAGE_SIZES } from '@recovery-desk/domain/paging.ts';
import { PRODUCTS, type Product } from '@recovery-desk/domain/products.ts';
import { CASE_TABS, type CaseTab } from '@recovery-desk/domain/workflow/contracts.ts';
import {
  definitionFields,
  isApprovalStage,
  type FieldDefinition,
  type StageDefinition,
  type WorkflowDefinition,
} from '@recovery-desk/domain/workflow/definition.ts';
import {
  MAX_DPD,
  MAX_QUERY_LENGTH,
  validateDpdAndSearch,
  type FilterMessage,
} from '../../../components/tray/tray-state.ts';

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
export const MAX_PAGE = 100_000;

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

function wholeNumber(value: string | null, max: number): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number <= max ? number : null;
}

export function parseStageTrayState(params: URLSearchParams, config: StageTrayConfig): StageTrayState {
  const defaults = defaultStageTrayState(config);
  const view = params.get('view');
  const tab = params.get('tab');
  const sort = params.get('sort');
  const pageSize = Number(params.get('pageSize'));
  const caseType = params.get('caseType');
  const products = (params.get('products') ?? '')
    .split(',')
    .filter((code): code is Product => (PRODUCTS as readonly string[]).includes(code));
  const page = wholeNumber(params.get('page'), MAX_PAGE);
  return {
    view: view === 'my' || view === 'team' ? view : defaults.view,
    tab: tab !== null && (CASE_TABS as readonly string[]).includes(tab) ? (tab as CaseTab) : defaults.tab,
    q: (params.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH),
    dpdFrom: wholeNumber(params.get('dpdFrom'), MAX_DPD),
    dpdTo: wholeNumber(params.get('dpdTo'), MAX_DPD),
    products: [...new Set(products)],
    caseType:
      caseType !== null && config.caseTypeField?.options?.some((option) => option.value === caseType) ? caseType : null,
    overdueOnly: params.get('overdueOnly') === 'true',
    sort: sort !== null && sortableKeys(config).includes(sort) ? sort : null,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: page !== null && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? (pageSize as PageSize) : DEFAULT_PAGE_SIZE,
  };
}

/** The search params of a state; defaults are left out (the screen's search view is always carried). */
export function serializeStageTrayState(state: StageTrayState, config: StageTrayConfig): URLSearchParams {
  const defaults = defaultStageTrayState(config);
  const params = new URLSearchParams();
  if (config.searchView !== null) params.set('searchView', config.searchView);
  if (state.view !== defaults.view) params.set('view', state.view);
  if (state.tab !== defaults.tab) params.set('tab', state.tab);
  if (state.q !== '') params.set('q', state.q);
  if (state.dpdFrom !== null) params.set('dpdFrom', String(state.dpdFrom));
  if (state.dpdTo !== null) params.set('dpdTo', String(state.dpdTo));
  if (state.products.length > 0) params.set('products', state.products.join(','));
  if (state.caseType !== null) params.set('caseType', state.caseType);
  if (state.overdueOnly) params.set('overdueOnly', 'true');
  if (state.sort !== null) {
    params.set('sort', state.sort);
    params.set('order', state.order);
  }
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.pageSize !== defaults.pageSize) params.set('pageSize', String(state.pageSize));
  return params;
}

function filterQuery(state: StageTrayState): URLSearchParams {
  const params = new URLSearchParams();
  params.set('view', state.view);
  params.set('tab', state.tab);
  if (state.q !== '') params.set('q', state.q);
  if (state.dpdFrom !== null) params.set('dpdFrom', String(state.dpdFrom));
  if (state.dpdTo !== null) params.set('dpdTo', String(state.dpdTo));
  if (state.products.length > 0) params.set('products', state.products.join(','));
  if (state.caseType !== null) params.set('caseType', state.caseType);
  if (state.overdueOnly) params.set('overdueOnly', 'true');
  if (state.sort !== null) {
    params.set('sort', state.sort);
    params.set('order', state.order);
  }
  return params;
}

/** The query of GET /api/workflow/:code/stages/:stage/cases (stageTrayQuerySchema). */
export function stageTrayApiQuery(state: StageTrayState): URLSearchParams {
  const params = filterQuery(state);
  params.set('pageSize', String(state.pageSize));
  params.set('page', String(state.page));
  return params;
}

/** The query of the export: the current view, tab, filters and sort, every row (no page). */
export function stageTrayExportQuery(state: StageTrayState): URLSearchParams {
  return filterQuery(state);
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

/** The next sort when a column header is pressed: ascending, then descending, then the server's default. */
export function nextSort(state: StageTrayState, key: string): Pick<StageTrayState, 'sort' | 'order'> {
  if (state.sort !== key) return { sort: key, order: 'asc' };
  if (state.order === 'asc') return { sort: key, order: 'desc' };
  return { sort: null, order: 'asc' };
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

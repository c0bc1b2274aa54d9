import { PAGE_SIZES } from '@recovery-desk/domain/paging.ts';
import { PRODUCTS, type Product } from '@recovery-desk/domain/products.ts';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';

// The URL is the state of a tray (style.md §6): view, search view, filters, sort, page size and the keyset
// position all live in the search params, parsed forgivingly (a bad value falls back to its default), so a
// reload, the back button or a shared link shows the same page. Shared by the collections trays and the legal pool.

/** What the address state needs to know about a tray (a collections TrayDefinition is one). */
export type TrayShape = {
  defaultView: 'my' | 'team';
  /** extra search views; the first is the default */
  views: readonly string[];
  columns: readonly { key: string; sortable?: boolean }[];
};

export type PageSize = (typeof PAGE_SIZES)[number];
export type PageDirection = 'first' | 'next' | 'prev' | 'last';
export type SortOrder = 'asc' | 'desc';

export type TrayFilters = {
  dpdFrom: number | null;
  dpdTo: number | null;
  overdueFrom: string | null;
  overdueTo: string | null;
  products: Product[];
  q: string;
};

export type TrayState = TrayFilters & {
  view: 'my' | 'team';
  /** one of the tray's extra views; the first one when the tray has any */
  searchView: string | null;
  sort: string | null;
  order: SortOrder;
  pageSize: PageSize;
  cursor: string | null;
  direction: PageDirection;
  /**
   * The number of the first row shown (1-based). Keyset pages have no offset, so the position travels in the
   * address for the "Showing X–Y of N" count and the page number; the server never sees it.
   */
  from: number;
};

export const DEFAULT_PAGE_SIZE: PageSize = 25;
export const MAX_DPD = 100_000;
export const MAX_QUERY_LENGTH = 60;
const MAX_CURSOR_LENGTH = 512;
const AMOUNT = /^\d{1,15}(\.\d{1,2})?$/;

export const EMPTY_FILTERS: TrayFilters = {
  dpdFrom: null,
  dpdTo: null,
  overdueFrom: null,
  overdueTo: null,
  products: [],
  q: '',
};

export function defaultTrayState(tray: TrayShape): TrayState {
  return {
    ...EMPTY_FILTERS,
    view: tray.defaultView,
    searchView: tray.views[0] ?? null,
    sort: null,
    order: 'asc',
    pageSize: DEFAULT_PAGE_SIZE,
    cursor: null,
    direction: 'first',
    from: 1,
  };
}

function wholeNumber(value: string | null, max: number): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number <= max ? number : null;
}

function amount(value: string | null): string | null {
  return value !== null && AMOUNT.test(value) ? value : null;
}

function sortableKeys(tray: TrayShape): string[] {
  return tray.columns.filter((column) => column.sortable).map((column) => column.key);
}

export function parseTrayState(params: URLSearchParams, tray: TrayShape): TrayState {
  const defaults = defaultTrayState(tray);
  const view = params.get('view');
  const searchView = params.get('searchView');
  const sort = params.get('sort');
  const order = params.get('order');
  const pageSize = Number(params.get('pageSize'));
  const direction = params.get('direction');
  const cursor = params.get('cursor');
  const from = wholeNumber(params.get('from'), 100_000_000);
  const products = (params.get('products') ?? '')
    .split(',')
    .filter((code): code is Product => (PRODUCTS as readonly string[]).includes(code));

  const state: TrayState = {
    view: view === 'team' || view === 'my' ? view : defaults.view,
    searchView: searchView !== null && tray.views.includes(searchView) ? searchView : defaults.searchView,
    dpdFrom: wholeNumber(params.get('dpdFrom'), MAX_DPD),
    dpdTo: wholeNumber(params.get('dpdTo'), MAX_DPD),
    overdueFrom: amount(params.get('overdueFrom')),
    overdueTo: amount(params.get('overdueTo')),
    products: [...new Set(products)],
    q: (params.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH),
    sort: sort !== null && sortableKeys(tray).includes(sort) ? sort : null,
    order: order === 'desc' ? 'desc' : 'asc',
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? (pageSize as PageSize) : DEFAULT_PAGE_SIZE,
    cursor: cursor && cursor.length <= MAX_CURSOR_LENGTH ? cursor : null,
    direction:
      direction === 'next' || direction === 'prev' || direction === 'last' || direction === 'first'
        ? direction
        : 'first',
    from: from !== null && from >= 1 ? from : 1,
  };
  // A position that cannot be reached again (next/prev without a cursor) starts over at the first page.
  if ((state.direction === 'next' || state.direction === 'prev') && state.cursor === null) {
    return { ...state, direction: 'first', from: 1 };
  }
  if (state.direction === 'first') return { ...state, cursor: null, from: 1 };
  if (state.direction === 'last') return { ...state, cursor: null };
  return state;
}

/** The search params of a state; defaults are left out so addresses stay short. */
export function serializeTrayState(state: TrayState, tray: TrayShape): URLSearchParams {
  const defaults = defaultTrayState(tray);
  const params = new URLSearchParams();
  if (state.view !== defaults.view) params.set('view', state.view);
  if (state.searchView !== null && state.searchView !== defaults.searchView) params.set('searchView', state.searchView);
  if (state.dpdFrom !== null) params.set('dpdFrom', String(state.dpdFrom));
  if (state.dpdTo !== null) params.set('dpdTo', String(state.dpdTo));
  if (state.overdueFrom !== null) params.set('overdueFrom', state.overdueFrom);
  if (state.overdueTo !== null) params.set('overdueTo', state.overdueTo);
  if (state.products.length > 0) params.set('products', state.products.join(','));
  if (state.q !== '') params.set('q', state.q);
  if (state.sort !== null) {
    params.set('sort', state.sort);
    params.set('order', state.order);
  }
  if (state.pageSize !== defaults.pageSize) params.set('pageSize', String(state.pageSize));
  if (state.direction !== 'first') {
    params.set('direction', state.direction);
    if (state.cursor !== null) params.set('cursor', state.cursor);
    params.set('from', String(state.from));
  }
  return params;
}

/** The query of GET /api/collections/trays/:tray for a state (trayQuerySchema). */
export function trayApiQuery(state: TrayState): URLSearchParams {
  const params = new URLSearchParams();
  params.set('view', state.view);
  if (state.searchView !== null) params.set('searchView', state.searchView);
  if (state.dpdFrom !== null) params.set('dpdFrom', String(state.dpdFrom));
  if (state.dpdTo !== null) params.set('dpdTo', String(state.dpdTo));
  if (state.overdueFrom !== null) params.set('overdueFrom', state.overdueFrom);
  if (state.overdueTo !== null) params.set('overdueTo', state.overdueTo);
  if (state.products.length > 0) params.set('products', state.products.join(','));
  if (state.q !== '') params.set('q', state.q);
  if (state.sort !== null) {
    params.set('sort', state.sort);
    params.set('order', state.order);
  }
  params.set('pageSize', String(state.pageSize));
  params.set('direction', state.direction);
  if (state.cursor !== null && (state.direction === 'next' || state.direction === 'prev')) {
    params.set('cursor', state.cursor);
  }
  return params;
}

/** The query of the export: the current view, filters and sort, every row (no page). */
export function trayExportQuery(state: TrayState): URLSearchParams {
  const params = trayApiQuery({ ...state, cursor: null, direction: 'first' });
  params.delete('direction');
  params.delete('pageSize');
  return params;
}

/** A change of view, filters, sort or page size starts again at the first page. */
export function withFirstPage(state: TrayState): TrayState {
  return { ...state, cursor: null, direction: 'first', from: 1 };
}

export function hasFilters(state: TrayFilters): boolean {
  return (
    state.dpdFrom !== null ||
    state.dpdTo !== null ||
    state.overdueFrom !== null ||
    state.overdueTo !== null ||
    state.products.length > 0 ||
    state.q !== ''
  );
}

/** The next sort when a column header is pressed: ascending, then descending, then the tray's default. */
export function nextSort(state: TrayState, key: string): Pick<TrayState, 'sort' | 'order'> {
  if (state.sort !== key) return { sort: key, order: 'asc' };
  if (state.order === 'asc') return { sort: key, order: 'desc' };
  return { sort: null, order: 'asc' };
}

// The filter form edits text; it becomes state only when every field is valid.
export type FilterDraft = {
  dpdFrom: string;
  dpdTo: string;
  overdueFrom: string;
  overdueTo: string;
  products: Product[];
  q: string;
};

export type FilterMessage = { key: DictionaryKey; params?: Record<string, string | number> };
export type FilterErrors = Partial<Record<keyof FilterDraft, FilterMessage>>;

export function draftOf(filters: TrayFilters): FilterDraft {
  return {
    dpdFrom: filters.dpdFrom === null ? '' : String(filters.dpdFrom),
    dpdTo: filters.dpdTo === null ? '' : String(filters.dpdTo),
    overdueFrom: filters.overdueFrom ?? '',
    overdueTo: filters.overdueTo ?? '',
    products: filters.products,
    q: filters.q,
  };
}

function checkDpd(value: string): FilterMessage | null {
  if (value === '') return null;
  if (!/^\d+$/.test(value)) return { key: 'ValidationNumber' };
  if (Number(value) > MAX_DPD) return { key: 'DpdAtMost', params: { max: MAX_DPD } };
  return null;
}

function checkAmount(value: string): FilterMessage | null {
  if (value === '') return null;
  return AMOUNT.test(value) ? null : { key: 'ValidationNumber' };
}

/** What every case-list filter form checks: DPD from and to (whole, at most MAX_DPD, from ≤ to) and the search. */
export function validateDpdAndSearch(draft: {
  q: string;
  dpdFrom: string;
  dpdTo: string;
}): Partial<Record<'q' | 'dpdFrom' | 'dpdTo', FilterMessage>> {
  const errors: Partial<Record<'q' | 'dpdFrom' | 'dpdTo', FilterMessage>> = {};
  const dpdFrom = checkDpd(draft.dpdFrom);
  const dpdTo = checkDpd(draft.dpdTo);
  if (dpdFrom) errors.dpdFrom = dpdFrom;
  if (dpdTo) errors.dpdTo = dpdTo;
  if (!dpdFrom && !dpdTo && draft.dpdFrom !== '' && draft.dpdTo !== '' && Number(draft.dpdFrom) > Number(draft.dpdTo)) {
    errors.dpdTo = { key: 'DpdToBeforeFrom' };
  }
  if (draft.q.trim().length > MAX_QUERY_LENGTH) {
    errors.q = { key: 'ValidationMaxLength', params: { n: MAX_QUERY_LENGTH } };
  }
  return errors;
}

export function validateFilters(draft: FilterDraft): FilterErrors {
  const errors: FilterErrors = validateDpdAndSearch(draft);
  const overdueFrom = checkAmount(draft.overdueFrom);
  const overdueTo = checkAmount(draft.overdueTo);
  if (overdueFrom) errors.overdueFrom = overdueFrom;
  if (overdueTo) errors.overdueTo = overdueTo;
  if (
    !overdueFrom &&
    !overdueTo &&
    draft.overdueFrom !== '' &&
    draft.overdueTo !== '' &&
    Number(draft.overdueFrom) > Number(draft.overdueTo)
  ) {
    errors.overdueTo = { key: 'OverdueToBeforeFrom' };
  }
  return errors;
}

/** The filters of a valid draft (call only when validateFilters found nothing). */
export function filtersOf(draft: FilterDraft): TrayFilters {
  return {
    dpdFrom: draft.dpdFrom === '' ? null : Number(draft.dpdFrom),
    dpdTo: draft.dpdTo === '' ? null : Number(draft.dpdTo),
    overdueFrom: draft.overdueFrom === '' ? null : draft.overdueFrom,
    overdueTo: draft.overdueTo === '' ? null : draft.overdueTo,
    products: draft.products,
    q: draft.q.trim(),
  };
}

/**
 * "Showing X–Y of N" and the page number for a keyset page. At either end the position is known exactly (the last
 * page is the final `pageSize` rows, so it may overlap the one before); in between it comes from `from`.
 */
export function shownRange(
  state: Pick<TrayState, 'direction' | 'from' | 'pageSize'>,
  page: { rowCount: number; count: number; hasPrev: boolean; hasNext: boolean },
): { from: number; to: number; page: number } {
  if (page.rowCount === 0) return { from: 0, to: 0, page: 1 };
  let from = state.from;
  if (!page.hasPrev) from = 1;
  else if (state.direction === 'last' || !page.hasNext) from = Math.max(1, page.count - page.rowCount + 1);
  const to = from + page.rowCount - 1;
  return { from, to, page: Math.max(1, Math.ceil(to / state.pageSize)) };
}

/** The state of a move to the first, previous, next or last page from the page shown. */
export function pageMove(
  state: TrayState,
  move: PageDirection,
  page: { rowCount: number; count: number; nextCursor: string | null; prevCursor: string | null; shownFrom: number },
): TrayState {
  switch (move) {
    case 'first':
      return withFirstPage(state);
    case 'last':
      return { ...state, cursor: null, direction: 'last', from: Math.max(1, page.count - state.pageSize + 1) };
    case 'next':
      return { ...state, cursor: page.nextCursor, direction: 'next', from: page.shownFrom + page.rowCount };
    case 'prev':
      return {
        ...state,
        cursor: page.prevCursor,
        direction: 'prev',
        from: Math.max(1, page.shownFrom - state.pageSize),
      };
  }
}

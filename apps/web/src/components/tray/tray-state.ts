import { isAmountInMinorUnits, type Currency } from '@recovery-desk/domain/money.ts';
import { trayQuerySchema } from '@recovery-desk/domain/collections/contracts.ts';
import { PAGE_SIZES } from '@recovery-desk/domain/paging.ts';
import type { Product } from '@recovery-desk/domain/products.ts';
import { z } from 'zod';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';
import { apiQueryOf, parseUrlState, serializeUrlState, type UrlStateDefinition } from '../../lib/url-state.ts';

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
  /** the currency of the overdue bounds (null: INR); amounts of different currencies are never compared */
  overdueCurrency: Currency | null;
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

export const EMPTY_FILTERS: TrayFilters = {
  dpdFrom: null,
  dpdTo: null,
  overdueFrom: null,
  overdueTo: null,
  overdueCurrency: null,
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

function sortableKeys(tray: TrayShape): string[] {
  return tray.columns.filter((column) => column.sortable).map((column) => column.key);
}

const definitions = new WeakMap<TrayShape, UrlStateDefinition<TrayState>>();

/**
 * How a tray keeps its state in the address: the keys and values of the server's tray query (trayQuerySchema),
 * the tray's defaults, a sort among its sortable columns, a search view among its views, and the client-only
 * position `from`. A position that cannot be reached again (next/prev without a cursor) starts over at the first page.
 */
export function trayUrlState(tray: TrayShape): UrlStateDefinition<TrayState> {
  const known = definitions.get(tray);
  if (known) return known;
  const definition: UrlStateDefinition<TrayState> = {
    schema: trayQuerySchema,
    defaults: defaultTrayState(tray),
    clientKeys: { from: z.coerce.number().int().min(1).max(100_000_000) },
    companions: { order: 'sort' },
    constrain: (state) => {
      const next: TrayState = {
        ...state,
        searchView: state.searchView !== null && tray.views.includes(state.searchView) ? state.searchView : null,
        sort: state.sort !== null && sortableKeys(tray).includes(state.sort) ? state.sort : null,
      };
      next.products = [...new Set(next.products)];
      if (next.searchView === null) next.searchView = tray.views[0] ?? null;
      if (next.sort === null) next.order = 'asc';
      if ((next.direction === 'next' || next.direction === 'prev') && next.cursor === null) {
        return { ...next, direction: 'first', from: 1 };
      }
      if (next.direction === 'first') return { ...next, cursor: null, from: 1 };
      if (next.direction === 'last') return { ...next, cursor: null };
      return next;
    },
  };
  definitions.set(tray, definition);
  return definition;
}

export function parseTrayState(params: URLSearchParams, tray: TrayShape): TrayState {
  return parseUrlState(trayUrlState(tray), params);
}

/** The search params of a state; defaults are left out so addresses stay short. */
export function serializeTrayState(state: TrayState, tray: TrayShape): URLSearchParams {
  return serializeUrlState(trayUrlState(tray), state);
}

/** The query of GET /api/collections/trays/:tray for a state (trayQuerySchema). */
export function trayApiQuery(state: TrayState): URLSearchParams {
  const params = apiQueryOf(API_QUERY, state);
  if (state.direction !== 'next' && state.direction !== 'prev') params.delete('cursor');
  return params;
}

// Every tray sends the same keys; the tray's own defaults do not matter for the API query.
const API_QUERY: UrlStateDefinition<TrayState> = {
  schema: trayQuerySchema,
  defaults: defaultTrayState({ defaultView: 'my', views: [], columns: [] }),
  companions: { order: 'sort' },
};

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

// The filter form edits text; it becomes state only when every field is valid.
export type FilterDraft = {
  dpdFrom: string;
  dpdTo: string;
  overdueFrom: string;
  overdueTo: string;
  overdueCurrency: Currency;
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
    overdueCurrency: filters.overdueCurrency ?? 'INR',
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

function checkAmount(value: string, currency: Currency): FilterMessage | null {
  if (value === '') return null;
  return isAmountInMinorUnits(value, currency) ? null : { key: 'ValidationNumber' };
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
  const overdueFrom = checkAmount(draft.overdueFrom, draft.overdueCurrency);
  const overdueTo = checkAmount(draft.overdueTo, draft.overdueCurrency);
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
    // The currency matters only with a bound; INR is the default and stays out of the address.
    overdueCurrency:
      (draft.overdueFrom !== '' || draft.overdueTo !== '') && draft.overdueCurrency !== 'INR'
        ? draft.overdueCurrency
        : null,
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

import { PAGE_SIZES } from '@recovery-desk/domain/paging.ts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

// The state of a page-numbered list in the address bar (style.md §6): page, page size and the list's filters,
// parsed forgivingly (a bad value falls back to its default) so a reload or a shared link shows the same page.

export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;
const MAX_FILTER_LENGTH = 60;

export type ListParams<Filter extends string> = {
  page: number;
  pageSize: PageSize;
  filters: Record<Filter, string>;
};

export function parseListParams<Filter extends string>(
  params: URLSearchParams,
  filterNames: readonly Filter[],
): ListParams<Filter> {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const filters = {} as Record<Filter, string>;
  for (const name of filterNames) filters[name] = (params.get(name) ?? '').trim().slice(0, MAX_FILTER_LENGTH);
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? (pageSize as PageSize) : DEFAULT_PAGE_SIZE,
    filters,
  };
}

/** The address of a list state; defaults are left out so addresses stay short. */
export function serializeListParams<Filter extends string>(state: ListParams<Filter>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries<string>(state.filters)) if (value !== '') params.set(name, value);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  return params;
}

/** The API query of a list state: filters, page and page size (pagedQuerySchema). */
export function listApiQuery<Filter extends string>(state: ListParams<Filter>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries<string>(state.filters)) if (value !== '') params.set(name, value);
  params.set('page', String(state.page));
  params.set('pageSize', String(state.pageSize));
  return params;
}

export function useListParams<Filter extends string>(
  filterNames: readonly Filter[],
): {
  state: ListParams<Filter>;
  setPage: (page: number, pageSize: number) => void;
  setFilters: (filters: Record<Filter, string>) => void;
} {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const names = filterNames.join(',');
  // Parse once per address, so the state object is stable between renders.
  const state = useMemo(() => parseListParams(new URLSearchParams(key), names.split(',') as Filter[]), [key, names]);
  const setPage = useCallback(
    (page: number, pageSize: number) => {
      const size = (PAGE_SIZES as readonly number[]).includes(pageSize) ? (pageSize as PageSize) : DEFAULT_PAGE_SIZE;
      setParams(serializeListParams({ ...state, page: size === state.pageSize ? page : 1, pageSize: size }), {
        preventScrollReset: true,
      });
    },
    [setParams, state],
  );
  // New filters start again at the first page.
  const setFilters = useCallback(
    (filters: Record<Filter, string>) =>
      setParams(serializeListParams({ ...state, filters, page: 1 }), { preventScrollReset: true }),
    [setParams, state],
  );
  return { state, setPage, setFilters };
}

import { PAGE_SIZES } from '@recovery-desk/domain/paging.ts';
import { useCallback, useMemo } from 'react';
import {
  apiQueryOf,
  parseUrlState,
  serializeUrlState,
  useUrlState,
  type QuerySchema,
  type UrlStateDefinition,
} from '../../../lib/url-state.ts';

// The state of a page-numbered list in the address bar (style.md §6): page, page size and the list's filters, each
// checked by the server's query schema of the list (pagedQuerySchema, documentsQuerySchema, …), so a bad value
// falls back to its default and a reload or a shared link shows the same page.

export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;

export type ListParams<Filter extends string> = {
  page: number;
  pageSize: PageSize;
  filters: Record<Filter, string>;
};

type Flat = Record<string, string | number>;

const definitions = new Map<QuerySchema, Map<string, UrlStateDefinition<Flat>>>();

/** The address state of a list: the schema's page, page size and the named filters (strings, '' when absent). */
export function listUrlState(schema: QuerySchema, filterNames: readonly string[]): UrlStateDefinition<Flat> {
  const key = filterNames.join(',');
  const bySchema = definitions.get(schema) ?? new Map<string, UrlStateDefinition<Flat>>();
  definitions.set(schema, bySchema);
  const known = bySchema.get(key);
  if (known) return known;
  const defaults: Flat = { page: 1, pageSize: DEFAULT_PAGE_SIZE };
  for (const name of filterNames) defaults[name] = '';
  const definition: UrlStateDefinition<Flat> = { schema, defaults };
  bySchema.set(key, definition);
  return definition;
}

function fromFlat<Filter extends string>(flat: Flat, filterNames: readonly Filter[]): ListParams<Filter> {
  const filters = {} as Record<Filter, string>;
  for (const name of filterNames) filters[name] = String(flat[name] ?? '');
  return { page: Number(flat.page), pageSize: Number(flat.pageSize) as PageSize, filters };
}

function toFlat<Filter extends string>(state: ListParams<Filter>): Flat {
  return { ...state.filters, page: state.page, pageSize: state.pageSize };
}

export function parseListParams<Filter extends string>(
  schema: QuerySchema,
  params: URLSearchParams,
  filterNames: readonly Filter[],
): ListParams<Filter> {
  return fromFlat(parseUrlState(listUrlState(schema, filterNames), params), filterNames);
}

/** The address of a list state; defaults are left out so addresses stay short. */
export function serializeListParams<Filter extends string>(
  schema: QuerySchema,
  state: ListParams<Filter>,
): URLSearchParams {
  return serializeUrlState(listUrlState(schema, Object.keys(state.filters)), toFlat(state));
}

/** The API query of a list state: filters, page and page size. */
export function listApiQuery<Filter extends string>(schema: QuerySchema, state: ListParams<Filter>): URLSearchParams {
  return apiQueryOf(listUrlState(schema, Object.keys(state.filters)), toFlat(state));
}

export function useListParams<Filter extends string>(
  schema: QuerySchema,
  filterNames: readonly Filter[],
): {
  state: ListParams<Filter>;
  setPage: (page: number, pageSize: number) => void;
  setFilters: (filters: Record<Filter, string>) => void;
} {
  const definition = listUrlState(schema, filterNames);
  const [flat, setFlat] = useUrlState(definition);
  const names = filterNames.join(',');
  // The state object is stable between renders of one address.
  const state = useMemo(() => fromFlat(flat, names.split(',') as Filter[]), [flat, names]);
  const setPage = useCallback(
    (page: number, pageSize: number) => {
      const size = (PAGE_SIZES as readonly number[]).includes(pageSize) ? (pageSize as PageSize) : DEFAULT_PAGE_SIZE;
      setFlat(toFlat({ ...state, page: size === state.pageSize ? page : 1, pageSize: size }));
    },
    [setFlat, state],
  );
  // New filters start again at the first page.
  const setFilters = useCallback(
    (filters: Record<Filter, string>) => setFlat(toFlat({ ...state, filters, page: 1 })),
    [setFlat, state],
  );
  return { state, setPage, setFilters };
}

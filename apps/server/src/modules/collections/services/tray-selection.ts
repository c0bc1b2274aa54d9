import type { TrayQuery } from '@recovery-desk/domain/collections/contracts.ts';
import type { TrayDefinition } from '@recovery-desk/domain/collections/trays.ts';
import type { Executor } from '../../../db/transaction.ts';
import { validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import type { SortKeyType, SortOrder } from '../../../db/keyset-cursor.ts';
import { DEFAULT_SORT, SORT_KEY_TYPES } from '../tray-sorts.ts';
import type { TraySelection } from '../trays.repository.ts';

// From a tray query (already checked by trayQuerySchema) to what the repository reads: the rows the tray holds in
// the chosen view, and the sort. Rules the schema cannot know (the tray's views and sortable columns) answer 400
// naming the field.

export type TraySort = { sort: string; order: SortOrder; keyType: SortKeyType };

export async function traySelection(
  db: Executor,
  ctx: UnitContext,
  tray: TrayDefinition,
  query: TrayQuery,
): Promise<TraySelection> {
  let searchView = '';
  if (tray.views.length > 0) {
    searchView = query.searchView ?? tray.views[0]!;
    if (!tray.views.includes(searchView)) {
      throw validationError('searchView', `must be one of ${tray.views.join(', ')}`);
    }
  } else if (query.searchView !== undefined) {
    throw validationError('searchView', `${tray.key} has no search views`);
  }
  return {
    trayKey: tray.key,
    rowKind: tray.rowKind,
    searchView,
    scope: {
      view: query.view,
      userId: ctx.user.id,
      unitPath: ctx.actingUnit.path,
      // Only the Team View gains from it (My View reads the allocated user's index).
      isLeafUnit: query.view === 'team' && !ctx.actingUnit.hasChildren,
    },
    filters: {
      dpdFrom: query.dpdFrom,
      dpdTo: query.dpdTo,
      overdueFrom: query.overdueFrom,
      overdueTo: query.overdueTo,
      overdueCurrency: query.overdueCurrency,
      products: query.products,
      q: query.q || undefined,
    },
  };
}

export function traySort(tray: TrayDefinition, query: Pick<TrayQuery, 'sort' | 'order'>): TraySort {
  const fallback = DEFAULT_SORT[tray.rowKind];
  const keyTypes = SORT_KEY_TYPES[tray.rowKind];
  const sortable = tray.columns.filter((column) => column.sortable && keyTypes[column.key]).map((c) => c.key);
  const sort = query.sort ?? fallback.sort;
  const keyType = keyTypes[sort];
  if (!keyType || !sortable.includes(sort)) {
    throw validationError('sort', `must be one of ${sortable.join(', ')}`);
  }
  const order = query.order ?? (query.sort === undefined ? fallback.order : 'asc');
  return { sort, order, keyType };
}

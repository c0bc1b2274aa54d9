import type { TrayQuery } from '@recovery-desk/domain/collections/contracts.ts';
import type { TrayDefinition } from '@recovery-desk/domain/collections/trays.ts';
import type { AppDeps } from '../../../deps.ts';
import { validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { decodeCursor, encodeCursor } from '../../../db/keyset-cursor.ts';
import { countTrayRows, readTrayPage, type AnyTrayRow, type KeyedRow } from '../trays.repository.ts';
import { traySelection, traySort } from './tray-selection.ts';

export type TrayPage<Row> = {
  data: Row[];
  count: number;
  pageSize: number;
  nextCursor: string | null;
  prevCursor: string | null;
};

/**
 * GET /api/collections/trays/:tray — one keyset page of the tray (My View: allocated to / captured by / made by
 * the caller; Team View: the acting unit and the units below it) and the exact count of the filtered set.
 * first/next/prev/last never use OFFSET, so deep pages cost what the first one does.
 */
export async function listTray(
  deps: AppDeps,
  { ctx, tray, query }: { ctx: UnitContext; tray: TrayDefinition; query: TrayQuery },
): Promise<TrayPage<AnyTrayRow>> {
  const selection = await traySelection(deps.db, ctx, tray, query);
  const sort = traySort(tray, query);
  const { direction, pageSize } = query;

  let boundary: { side: 'after' | 'before'; key: string; id: number } | undefined;
  if (direction === 'next' || direction === 'prev') {
    const cursor = decodeCursor(query.cursor ?? '', sort);
    if (!cursor) throw validationError('cursor', 'is not valid for this sort and order; start from the first page');
    boundary = { side: direction === 'next' ? 'after' : 'before', key: cursor.key, id: cursor.id };
  }
  const backward = direction === 'prev' || direction === 'last';

  const [keyed, count] = await Promise.all([
    readTrayPage(deps.db, selection, { ...sort, boundary, backward, limit: pageSize + 1 }, deps.trayNames),
    deps.trayCounts.count(JSON.stringify(selection), () => countTrayRows(deps.db, selection)),
  ]);
  const hasMore = keyed.length > pageSize;
  const page = keyed.slice(0, pageSize);
  if (backward) page.reverse();

  const cursorOf = (row: KeyedRow | undefined) =>
    row ? encodeCursor({ sort: sort.sort, order: sort.order, key: row.cursorKey, id: row.cursorId }) : null;
  // Rows lie before this page when it was reached going forward from a cursor, or read backward with more left;
  // after it, symmetrically.
  const hasBefore = direction === 'next' || (backward && hasMore);
  const hasAfter = direction === 'prev' || (!backward && hasMore);

  return {
    data: page.map((row) => row.row),
    count,
    pageSize,
    nextCursor: hasAfter ? cursorOf(page[page.length - 1]) : null,
    prevCursor: hasBefore ? cursorOf(page[0]) : null,
  };
}

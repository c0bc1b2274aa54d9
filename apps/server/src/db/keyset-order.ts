import { sql, type SQL } from 'drizzle-orm';
import { splitMoneyKey, type SortKeyType, type SortOrder } from './keyset-cursor.ts';

// The ORDER BY, cursor key and boundary of a keyset page, shared by the collections trays and the legal pool.
// A sort key is one SQL expression, or — for a money column — an amount with its currency: rows are ordered by
// currency first (always A→Z: INR, then USD) and by the amount within it, so ₹5,927 and $5,927.59 never interleave
// as if they were the same money. The row id breaks ties, in the opposite direction of the sort.

export type MoneySortKey = { currency: SQL; amount: SQL };
export type SortKeySql = SQL | MoneySortKey;

export type KeysetBoundary = { side: 'after' | 'before'; key: string; id: number };

const CASTS: Record<Exclude<SortKeyType, 'money'>, SQL> = {
  int: sql.raw('integer'),
  bigint: sql.raw('bigint'),
  numeric: sql.raw('numeric'),
  date: sql.raw('date'),
  text: sql.raw('text'),
};

export const oppositeOrder = (order: SortOrder): SortOrder => (order === 'asc' ? 'desc' : 'asc');
// Keys and ids are never null; the null placement is spelt out so the order matches the (…, overdue_key DESC NULLS
// LAST, id) indexes exactly, forward and backward (PostgreSQL matches index order including null placement). The id
// is the index's last column in its default order (ASC NULLS LAST; DESC NULLS FIRST read backward). With `id ASC NULLS
// FIRST` the planner could not follow the index for the id and sorted each group of equal keys first: on 10M
// accounts a collector's first DPD group is 700 rows, read and sorted for a 50-row page (issue 17: cost flat in the
// book's size).
const KEY_ORDER: Record<SortOrder, SQL> = { desc: sql.raw('desc nulls last'), asc: sql.raw('asc nulls first') };
const ID_ORDER: Record<SortOrder, SQL> = { desc: sql.raw('desc nulls first'), asc: sql.raw('asc nulls last') };

export function isMoneySortKey(key: SortKeySql): key is MoneySortKey {
  return typeof key === 'object' && 'currency' in key && 'amount' in key;
}

type Component = { expr: SQL; order: SortOrder; isId?: true };

/** The ordered parts of a key in display order (`order` is the sort's; the currency part is always ascending). */
function components(key: SortKeySql, order: SortOrder, id: SQL): Component[] {
  const parts: Component[] = isMoneySortKey(key)
    ? [
        { expr: key.currency, order: 'asc' },
        { expr: key.amount, order },
      ]
    : [{ expr: key, order }];
  return [...parts, { expr: id, order: oppositeOrder(order), isId: true }];
}

/** The key as the text a cursor carries (`USD:5927.59` for money). */
export function cursorKeyExpression(key: SortKeySql): SQL {
  return isMoneySortKey(key) ? sql`((${key.currency})::text || ':' || (${key.amount})::text)` : sql`(${key})::text`;
}

/** ORDER BY of a page: display order, or its reverse when the page is read backward (prev, last). */
export function keysetOrderBy(key: SortKeySql, order: SortOrder, id: SQL, backward: boolean): SQL {
  const parts = components(key, order, id).map(({ expr, order: partOrder, isId }) => {
    const shown = backward ? oppositeOrder(partOrder) : partOrder;
    return sql`${expr} ${(isId ? ID_ORDER : KEY_ORDER)[shown]}`;
  });
  return sql.join(parts, sql`, `);
}

/** The parts of a (validated) cursor key: a money key's currency and amount, or the key itself. */
export function cursorKeyParts(key: SortKeySql, cursorKey: string): string[] {
  if (!isMoneySortKey(key)) return [cursorKey];
  const money = splitMoneyKey(cursorKey);
  if (!money) throw new Error(`not a money sort key: ${cursorKey}`);
  return [money.currency, money.amount];
}

/** The key's parts (bound values), cast back to the key's type. */
function castParts(key: SortKeySql, keyType: SortKeyType, parts: readonly SQL[]): SQL[] {
  if (isMoneySortKey(key)) return [sql`cast(${parts[0]} as text)`, sql`cast(${parts[1]} as numeric)`];
  if (keyType === 'money') throw new Error('a money sort key type needs a money sort key');
  return [sql`cast(${parts[0]} as ${CASTS[keyType]})`];
}

/**
 * Rows strictly after (or before) the boundary row in display order: lexicographic over the key's parts and the id,
 * each part in its own direction. The first part's bound (`>=`/`<=`) lets the planner scan an index range. The
 * boundary's values are given as SQL (`cursorKeyParts` of its key, then its id): bound now, or placeholders of a
 * statement whose text is built once.
 */
export function keysetBoundaryOn(
  key: SortKeySql,
  read: { order: SortOrder; keyType: SortKeyType; side: KeysetBoundary['side'] },
  id: SQL,
  boundary: { keyParts: readonly SQL[]; id: SQL },
): SQL[] {
  const parts = components(key, read.order, id);
  const values = [...castParts(key, read.keyType, boundary.keyParts), boundary.id];
  const beyond = (order: SortOrder) => sql.raw((order === 'asc') === (read.side === 'after') ? '>' : '<');
  const reach = (order: SortOrder) => sql.raw((order === 'asc') === (read.side === 'after') ? '>=' : '<=');
  const alternatives = parts.map((part, index) => {
    const equalBefore = parts.slice(0, index).map((earlier, j) => sql`${earlier.expr} = ${values[j]}`);
    return sql.join([...equalBefore, sql`${part.expr} ${beyond(part.order)} ${values[index]}`], sql` and `);
  });
  const first = parts[0]!;
  return [
    sql`${first.expr} ${reach(first.order)} ${values[0]} and (${sql.join(
      alternatives.map((alternative) => sql`(${alternative})`),
      sql` or `,
    )})`,
  ];
}

/** `keysetBoundaryOn` with the boundary's values bound now; no condition without a boundary. */
export function keysetBoundary(
  key: SortKeySql,
  read: { order: SortOrder; keyType: SortKeyType; boundary?: KeysetBoundary | undefined },
  id: SQL,
): SQL[] {
  const { boundary } = read;
  if (!boundary) return [];
  return keysetBoundaryOn(key, { order: read.order, keyType: read.keyType, side: boundary.side }, id, {
    keyParts: cursorKeyParts(key, boundary.key).map((part) => sql`${part}`),
    id: sql`${boundary.id}`,
  });
}

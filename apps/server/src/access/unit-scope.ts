import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { units } from '@recovery-desk/db/schema.ts';
import type { ActingUnit } from '../http/request-context.ts';

// Row scope (the second authorization, architecture §4): a user acting in a unit sees the rows of that
// unit and of every unit below it. Units carry their materialised ancestry in `path` ("/1/4/9/"), so the
// subtree is one indexed prefix match.

/** A LIKE pattern matching `prefix` and anything after it (wildcards in the prefix escaped). */
export function likePrefix(path: string): string {
  return `${path.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `units.path LIKE '<acting path>%'`: the acting unit and its descendants. */
export function unitSubtree(actingUnit: Pick<ActingUnit, 'path'>): SQL {
  return sql`${units.path} like ${likePrefix(actingUnit.path)}`;
}

/** `<column> IN (ids of the acting unit's subtree)`, for tables that reference a unit id. */
export function inUnitSubtree(unitIdColumn: AnyPgColumn, actingUnit: Pick<ActingUnit, 'path'>): SQL {
  return sql`${unitIdColumn} in (select ${units.id} from ${units} where ${unitSubtree(actingUnit)})`;
}

import type { SQL } from 'drizzle-orm';
import type { Executor } from './transaction.ts';

/** Rows of a raw SQL statement, the same on PGlite and node-postgres. */
export async function selectRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A timestamp column as ISO 8601 (drivers hand back a Date; a string is parsed the same way). */
export function isoTimestamp(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function isoTimestampOrNull(value: Date | string | null): string | null {
  return value === null ? null : isoTimestamp(value);
}

import { sql, type SQL } from 'drizzle-orm';

// Many values as ONE bind parameter: a PostgreSQL array literal cast to its type. A statement over 100,000 ids then
// has one parameter, not 100,000 (node-postgres and PGlite refuse more than 65,535, and building and parsing a
// parameter per value costs more than the statement's own work); `= any(...)` and `unnest(...)` read it.

function integerLiteral(values: readonly (number | null)[]): string {
  return `{${values
    .map((value) => {
      if (value === null) return 'NULL';
      if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
      return String(value);
    })
    .join(',')}}`;
}

/** `$1::bigint[]` — ids (null allowed, as NULL). */
export const bigintArray = (values: readonly (number | null)[]): SQL => sql`${integerLiteral(values)}::bigint[]`;

/** `$1::integer[]` — integers (null allowed, as NULL). */
export const integerArray = (values: readonly (number | null)[]): SQL => sql`${integerLiteral(values)}::integer[]`;

/** `$1::text[]` — texts (null allowed, as NULL); every element quoted, `"` and `\` escaped. */
export const textArray = (values: readonly (string | null)[]): SQL =>
  sql`${`{${values
    .map((value) => (value === null ? 'NULL' : `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`))
    .join(',')}}`}::text[]`;

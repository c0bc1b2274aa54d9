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

/** `$1::float8[]` — finite numbers (null allowed, as NULL). */
export const floatArray = (values: readonly (number | null)[]): SQL =>
  sql`${`{${values
    .map((value) => {
      if (value === null) return 'NULL';
      if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
      return String(value);
    })
    .join(',')}}`}::float8[]`;

/** `$1::boolean[]` — true or false (null allowed, as NULL). */
export const booleanArray = (values: readonly (boolean | null)[]): SQL =>
  sql`${`{${values.map((value) => (value === null ? 'NULL' : value ? 't' : 'f')).join(',')}}`}::boolean[]`;

/** `$1::timestamptz[]` — instants (null allowed, as NULL), sent as ISO 8601 in UTC. */
export const timestamptzArray = (values: readonly (Date | null)[]): SQL =>
  sql`${`{${values.map((value) => (value === null ? 'NULL' : `"${value.toISOString()}"`)).join(',')}}`}::timestamptz[]`;

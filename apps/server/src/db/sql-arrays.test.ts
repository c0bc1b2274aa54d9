import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { bigintArray, integerArray, textArray } from './sql-arrays.ts';

const dialect = new PgDialect();

describe('array parameters', () => {
  it('binds many values as one parameter with its cast', () => {
    const ids = Array.from({ length: 100_000 }, (_, index) => index + 1);
    const query = dialect.sqlToQuery(bigintArray(ids));
    expect(query.sql).toBe('$1::bigint[]');
    expect(query.params).toHaveLength(1);
    expect(String(query.params[0]).startsWith('{1,2,3,')).toBe(true);
    expect(dialect.sqlToQuery(integerArray([7, null, -2])).params).toEqual(['{7,NULL,-2}']);
  });

  it('quotes every text and escapes quotes and backslashes; null stays NULL', () => {
    const query = dialect.sqlToQuery(textArray(['plain', 'Desk "B" \\ {x}, y', '', 'NULL', null]));
    expect(query.sql).toBe('$1::text[]');
    expect(query.params).toEqual(['{"plain","Desk \\"B\\" \\\\ {x}, y","","NULL",NULL}']);
  });

  it('refuses what is not an integer', () => {
    expect(() => bigintArray([1, 2.5])).toThrow('not an integer');
    expect(() => integerArray([Number.NaN])).toThrow('not an integer');
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { bound, CompiledQueries } from '../../src/db/compiled-sql.ts';
import { withTransaction } from '../../src/db/transaction.ts';

// A statement built once per shape answers each run with that run's values, on both databases and in a transaction.

type Shape = { from: boolean; order: 'asc' | 'desc' };

describe.each(testDatabaseKinds())('statements built once per shape (%s)', (kind) => {
  let handle: DatabaseHandle;
  let builds = 0;
  const numbers = new CompiledQueries<Shape>((shape) => {
    builds += 1;
    const from = shape.from ? sql`where n >= ${bound('from')}` : sql``;
    return sql`select n::int as n from generate_series(1, ${bound('to')}::int) n ${from}
      order by n ${sql.raw(shape.order)} limit ${bound('limit')}`;
  });

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('builds a text once per shape and binds each run its own values', async () => {
    const read = (shape: Shape, values: Record<string, unknown>) =>
      numbers.rows<{ n: number }>(handle.db, shape, values).then((rows) => rows.map((row) => row.n));
    expect(await read({ from: true, order: 'asc' }, { from: 3, to: 10, limit: 3 })).toEqual([3, 4, 5]);
    expect(await read({ from: true, order: 'asc' }, { from: 8, to: 20, limit: 2 })).toEqual([8, 9]);
    expect(await read({ from: false, order: 'desc' }, { to: 5, limit: 2 })).toEqual([5, 4]);
    expect(await read({ from: false, order: 'desc' }, { to: 7, limit: 1 })).toEqual([7]);
    expect(builds).toBe(2);
    expect(numbers.size).toBe(2);
    const inTransaction = await withTransaction(handle.db, (tx) =>
      numbers.rows<{ n: number }>(tx, { from: true, order: 'asc' }, { from: 2, to: 3, limit: 5 }),
    );
    expect(inTransaction.map((row) => row.n)).toEqual([2, 3]);
  });

  it('refuses a run that leaves a value out, naming it', async () => {
    await expect(numbers.rows(handle.db, { from: true, order: 'asc' }, { to: 3, limit: 5 })).rejects.toThrow(/from/);
  });
});

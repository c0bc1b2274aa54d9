import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, type TestDatabaseKind } from '@recovery-desk/db/test-database.ts';
import { reportIdleConnectionErrors } from '../../src/db/pool-errors.ts';

/**
 * A fresh database for one suite. On PostgreSQL the test database is dropped WITH (FORCE) at close, which
 * can terminate pool connections that are still closing; those expected errors are ignored here.
 */
export async function openSuiteDatabase(kind: TestDatabaseKind): Promise<DatabaseHandle> {
  const handle = await openTestDatabase(kind);
  reportIdleConnectionErrors(handle.db, () => undefined);
  return handle;
}

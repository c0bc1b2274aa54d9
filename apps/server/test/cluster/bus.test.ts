import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { createClusterBus, type ClusterBus } from '../../src/cluster/bus.ts';
import { announceChange } from '../../src/cluster/shared-caches.ts';
import { withTransaction } from '../../src/db/transaction.ts';
import { queryRows } from '../factories.ts';

// The change bus between instances: what one bus publishes, every bus on the database hears; a notice sent inside a
// transaction arrives at commit and never for a rollback; on PostgreSQL a lost listening connection is reported (so
// caches drop everything) and comes back.

/** Waits (bounded) until `check` holds: notices arrive asynchronously. */
async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never happened: ${what}`);
}

describe.each(testDatabaseKinds())('change bus (%s)', (kind) => {
  let handle: DatabaseHandle;
  let first: ClusterBus;
  let second: ClusterBus;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    first = createClusterBus(handle.db);
    second = createClusterBus(handle.db);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await handle.close();
  });

  it('delivers a published payload to every subscriber, the publisher included', async () => {
    const heard: string[] = [];
    const stopFirst = first.subscribe('bus_test_publish', (payload) => heard.push(`first:${payload}`));
    const stopSecond = second.subscribe('bus_test_publish', (payload) => heard.push(`second:${payload}`));
    await first.start();
    await second.start();
    heard.length = 0; // a start reports "may have missed" (null) to every subscriber
    await first.publish('bus_test_publish', first.instanceId);
    await eventually(() => heard.length === 2, 'both buses heard the notice');
    expect(heard.sort()).toEqual([`first:${first.instanceId}`, `second:${first.instanceId}`]);
    stopFirst();
    stopSecond();
  });

  it('delivers a notice announced in a transaction at commit, and never one that rolled back', async () => {
    const heard: (string | null)[] = [];
    const stop = second.subscribe('bus_test_tx', (payload) => heard.push(payload));
    await eventually(async () => {
      await first.publish('bus_test_tx', 'ready');
      return heard.includes('ready');
    }, 'the subscription is listening');
    await expect(
      withTransaction(handle.db, async (tx) => {
        await announceChange(tx, 'bus_test_tx', 'rolled-back');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await withTransaction(handle.db, (tx) => announceChange(tx, 'bus_test_tx', 'committed'));
    await eventually(() => heard.includes('committed'), 'the committed notice arrived');
    expect(heard).not.toContain('rolled-back');
    stop();
  });

  if (kind === 'postgres') {
    it('reports a lost listening connection, reconnects, and hears notices again', async () => {
      const heard: (string | null)[] = [];
      const stop = second.subscribe('bus_test_reconnect', (payload) => heard.push(payload));
      await eventually(async () => {
        await first.publish('bus_test_reconnect', 'before');
        return heard.includes('before');
      }, 'the subscription is listening');

      // Every backend that LISTENs on this database, the second bus's among them, is terminated.
      await queryRows(
        handle.db,
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and query like 'LISTEN%'`,
      );
      await eventually(() => heard.includes(null), 'the loss was reported to the subscriber');
      await eventually(() => second.live, 'the bus listens again');
      await eventually(async () => {
        await first.publish('bus_test_reconnect', 'after');
        return heard.includes('after');
      }, 'a notice after the reconnect arrived');
      stop();
    });
  }
});

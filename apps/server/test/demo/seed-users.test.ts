import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { DEMO_PASSWORD, seedDemoOrganisation } from '@recovery-desk/db/seed-demo.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { approvalListPageSchema } from '@recovery-desk/domain/approvals/contracts.ts';
import { demoSeedDeps } from '../../src/modules/demo/services/seed-deps.ts';
import { seedDemoUserRequests } from '../../src/modules/demo/services/seed-users.ts';
import { queryRows } from '../factories.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../support/test-app.ts';

// The demo's User Approval requests at first start: one waiting for admin, one for admin.west, one rejected; and
// nothing changed by them.

describe.each(testDatabaseKinds())('demo user requests (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let seeded: { requests: number };

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedDemoOrganisation(handle.db, { businessDate: '2026-03-31', accounts: 300 });
    t = await createTestApp(handle.db, { config: { demoMode: true } });
    seeded = await seedDemoUserRequests(demoSeedDeps({ config: t.config, db: handle.db, log: t.app.log }));
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await handle?.close();
  });

  it('leaves a request pending for each administrator, one rejected and one pushed back, changing no user', async () => {
    expect(seeded).toEqual({ requests: 4 });
    const requests = await queryRows<{ action: string; status: string; maker: string }>(
      handle.db,
      sql`select r.payload->>'action' as action, r.status, u.username as maker from approval_requests r
        join users u on u.id = r.maker_user_id where r.flow_code = 'USER_CHANGE' order by r.id`,
    );
    expect(requests).toEqual([
      { action: 'CREATE', status: 'PENDING', maker: 'admin.west' },
      { action: 'UPDATE', status: 'PENDING', maker: 'admin' },
      { action: 'RESET_PASSWORD', status: 'REJECTED', maker: 'admin.west' },
      { action: 'CREATE', status: 'PUSHBACK', maker: 'admin.west' },
    ]);
    const created = await queryRows(
      handle.db,
      sql`select id from users where username in ('ops.andheri', 'recon.andheri')`,
    );
    expect(created).toEqual([]);

    const listFor = async (username: string, unitCode: string, query: string) => {
      const [unit] = await queryRows<{ id: number }>(
        handle.db,
        sql`select id from units where unit_code = ${unitCode}`,
      );
      const { access } = await signIn(t, { username, password: DEMO_PASSWORD });
      const response = await t.inject({
        method: 'GET',
        url: `/api/approvals/USER_CHANGE/requests?${query}`,
        headers: bearer(access, unit!.id),
      });
      return approvalListPageSchema.parse(response.json()).data.map((row) => row.payload.action);
    };
    expect(await listFor('admin.west', 'ZN-W', 'tab=pending')).toEqual(['UPDATE', 'CREATE']);
    expect((await listFor('admin', 'HO', 'tab=pending')).sort()).toEqual(['CREATE', 'UPDATE']);
    expect(await listFor('admin.west', 'ZN-W', 'tab=pushback&view=my')).toEqual(['CREATE']);
  });
});

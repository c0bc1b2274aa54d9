import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { addresses } from '@recovery-desk/db/collections-schema.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { allocationMapReplySchema } from '@recovery-desk/domain/command-center/allocation-map.ts';
import { apiAs, createAccount, createOrg, createStaff, type Org } from '../collections/factories.ts';
import { ensureOrganisation } from '../factories.ts';
import { createTestApp, FakeClock, type TestApp } from '../support/test-app.ts';

// The collections Allocation Map's read (issue 16) on PGlite and PostgreSQL: the allocated delinquent accounts of the
// subtree at the customer's primary residence, by collector; the receipts of the range at the place of the collector's
// RECEIPT event (none: no place); per collector allocated / paid / amount; the collector and bucket filters; another
// zone sees nothing; a bad range is a 400 naming the field; RECEIPT_VIEWER_SAUTH is required.

const NOW = Date.parse('2026-11-20T09:00:00Z');
const TODAY = '2026-11-20';

describe.each(testDatabaseKinds())('command center: allocation map (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db, { clock: new FakeClock(NOW) });
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  const receipt = async (
    no: string,
    account: { id: number; customerId: number },
    unit: Org['branch'],
    userId: number,
    on: string,
  ) => {
    await handle.db.execute(sql`insert into receipts (receipt_no, account_id, customer_id, unit_path, branch_unit_id,
        mode, amount_minor, currency, received_on, received_by_user_id, received_unit_id, status, charges_minor,
        interest_minor, principal_minor, posting, source)
      values (${no}, ${account.id}, ${account.customerId}, ${unit.path}, ${unit.id}, 'CASH', 250050, 'INR', ${on},
        ${userId}, ${unit.id}, 'VERIFIED', 0, 0, 250050, '{}'::jsonb, 'FIELD')`);
  };

  it('maps the allocated accounts by collector and the receipts of the range, scoped and filtered', async () => {
    const org = await createOrg(handle.db);
    const asha = await createStaff(handle.db, org.branch, ['FIELD_COLLECTOR_SAUTH'], { fullName: 'Asha' });
    const bala = await createStaff(handle.db, org.sibling, ['FIELD_COLLECTOR_SAUTH'], { fullName: 'Bala' });
    const a1 = await createAccount(handle.db, { unit: org.branch, allocatedTo: asha, dpd: 10 });
    const a2 = await createAccount(handle.db, { unit: org.branch, allocatedTo: asha, dpd: 100 });
    const b1 = await createAccount(handle.db, { unit: org.sibling, allocatedTo: bala, dpd: 10 });
    await createAccount(handle.db, { unit: org.branch, dpd: 10 }); // not allocated
    await createAccount(handle.db, { unit: org.foreign, allocatedTo: bala, dpd: 10 }); // another zone
    await handle.db.insert(addresses).values([
      {
        customerId: a1.customerId,
        addressType: 'OFFICE',
        line1: 'x',
        city: 'Mumbai',
        state: 'MH',
        pinCode: '400001',
        latitude: 1,
        longitude: 1,
      },
      {
        customerId: a1.customerId,
        addressType: 'RESIDENCE',
        line1: 'y',
        city: 'Mumbai',
        state: 'MH',
        pinCode: '400001',
        latitude: 19.1,
        longitude: 72.85,
      },
    ]);
    await receipt(`RA-${kind}-${org.branch.id}`, a1, org.branch, asha.id, TODAY);
    await receipt(`RB-${kind}-${org.branch.id}`, b1, org.sibling, bala.id, '2026-11-18');
    // Asha's phone recorded the place of her receipt
    const field = await apiAs(t, asha, org.branch);
    const posted = await field.post('/api/cmd-center/positions', {
      deviceId: `am-${kind}`,
      positions: [
        {
          seq: 1,
          fixTime: '2026-11-20T08:30:00.000Z',
          latitude: 19.11,
          longitude: 72.86,
          accuracyM: 8,
          mock: true,
          eventType: 'RECEIPT',
          ref: `RA-${kind}-${org.branch.id}`,
        },
      ],
    });
    expect(posted.statusCode, posted.body).toBe(200);

    const viewer = await apiAs(t, await createStaff(handle.db, org.zone, ['RECEIPT_VIEWER_SAUTH']), org.zone);
    const read = async (query = '') => {
      const response = await viewer.get(`/api/cmd-center/allocation-map${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return allocationMapReplySchema.parse(response.json());
    };

    const today = await read();
    expect([today.from, today.to]).toEqual([TODAY, TODAY]);
    expect(today.accounts.map((a) => [a.accountNo, a.collectorId, a.paid])).toEqual(
      expect.arrayContaining([
        [a1.accountNo, asha.id, true],
        [a2.accountNo, asha.id, false],
        [b1.accountNo, bala.id, false],
      ]),
    );
    expect(today.accounts).toHaveLength(3);
    const first = today.accounts.find((a) => a.accountNo === a1.accountNo)!;
    expect([first.latitude, first.longitude]).toEqual([19.1, 72.85]); // the primary residence, not the office
    expect(today.receipts).toEqual([
      expect.objectContaining({
        accountNo: a1.accountNo,
        collectorId: asha.id,
        amount: '2500.50',
        currency: 'INR',
        latitude: 19.11,
        longitude: 72.86,
        mock: true,
      }),
    ]);
    expect(today.collectors).toEqual([
      { userId: asha.id, fullName: 'Asha', allocated: 2, paid: 1, amounts: [{ currency: 'INR', amount: '2500.50' }] },
      { userId: bala.id, fullName: 'Bala', allocated: 1, paid: 0, amounts: [] },
    ]);

    // a range: Bala's receipt of the 18th, without a recorded place
    const week = await read('?from=2026-11-16&to=2026-11-20');
    const bReceipt = week.receipts.find((r) => r.accountNo === b1.accountNo)!;
    expect([bReceipt.latitude, bReceipt.longitude, bReceipt.mock]).toEqual([null, null, false]);
    expect(week.collectors.find((c) => c.userId === bala.id)?.paid).toBe(1);

    // filters
    const onlyBala = await read(`?collectorId=${bala.id}&from=2026-11-16`);
    expect(onlyBala.accounts.map((a) => a.accountNo)).toEqual([b1.accountNo]);
    expect(onlyBala.receipts.map((r) => r.accountNo)).toEqual([b1.accountNo]);
    const bucket = today.accounts.find((a) => a.accountNo === a2.accountNo)!.bucket!;
    const inBucket = await read(`?bucket=${encodeURIComponent(bucket)}`);
    expect(inBucket.accounts.map((a) => a.accountNo)).toEqual([a2.accountNo]);

    // scope: the branch sees its own; another zone sees nothing of this one
    const branch = await apiAs(t, await createStaff(handle.db, org.branch, ['RECEIPT_VIEWER_SAUTH']), org.branch);
    const branchMap = allocationMapReplySchema.parse((await branch.get('/api/cmd-center/allocation-map')).json());
    expect(branchMap.accounts.map((a) => a.collectorId)).toEqual([asha.id, asha.id]);
    const other = await createOrg(handle.db);
    const stranger = await apiAs(t, await createStaff(handle.db, other.zone, ['RECEIPT_VIEWER_SAUTH']), other.zone);
    const strangerMap = allocationMapReplySchema.parse((await stranger.get('/api/cmd-center/allocation-map')).json());
    expect(strangerMap).toMatchObject({ accounts: [], receipts: [], collectors: [] });

    const bad = await viewer.get('/api/cmd-center/allocation-map?from=2026-11-20&to=2026-11-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('to');
    expect((await field.get('/api/cmd-center/allocation-map')).statusCode).toBe(403);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { DEMO_PASSWORD, seedDemoOrganisation } from '@recovery-desk/db/seed-demo.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import type { ReceiptBookRow, ReceiptListPage } from '@recovery-desk/domain/receipts/contracts.ts';
import { DEMO_RECEIPT_BOOK, seedDemoReceipts } from '../../src/modules/demo/services/seed-receipts.ts';
import { queryRows } from '../factories.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../support/test-app.ts';
import { testDeps } from '../workflow/factories.ts';

// The demo's receipts: every state in pay.mumbai's scope, work waiting for the checkers, a receipt book with a gap.

describe.each(testDatabaseKinds())('demo receipts (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedDemoOrganisation(handle.db, { businessDate: '2026-03-31', accounts: 600 });
    t = await createTestApp(handle.db);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  async function as(username: string, unitCode: string) {
    const [unit] = await queryRows<{ id: number }>(handle.db, sql`select id from units where unit_code = ${unitCode}`);
    const { access } = await signIn(t, { username, password: DEMO_PASSWORD });
    return (url: string) => t.inject({ method: 'GET', url, headers: bearer(access, unit!.id) });
  }

  it('leaves receipts in every state, work for each checker and a book with a gap', async () => {
    expect(await seedDemoReceipts(testDeps(t))).toBe(11);
    expect(await seedDemoReceipts(testDeps(t))).toBe(0);
    const pay = await as('pay.mumbai', 'RG-MUM');
    const all = (await pay('/api/receipts?pageSize=50')).json<ReceiptListPage>();
    expect(new Set(all.rows.map((row) => row.status))).toEqual(
      new Set(['PENDING_VERIFICATION', 'VERIFIED', 'CANCEL_REQUESTED', 'CANCELLED']),
    );
    expect((await pay('/api/receipts/verification')).json<ReceiptListPage>().count).toBeGreaterThan(0);
    const books = (await pay('/api/receipts/books')).json<{ books: ReceiptBookRow[] }>().books;
    expect(books.find((book) => book.bookNo === DEMO_RECEIPT_BOOK)?.gaps).toEqual([4]);
    const approver = await as('appr.west', 'ZN-W');
    expect((await approver('/api/receipts/cancel-requests')).json<ReceiptListPage>().count).toBe(2);
    const collector = await as('fc.andheri', 'BR-AND');
    expect((await collector('/api/receipts')).json<ReceiptListPage>().count).toBe(11);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { DEMO_PASSWORD, seedDemoOrganisation } from '@recovery-desk/db/seed-demo.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { collUploadPageSchema } from '@recovery-desk/domain/collections/uploads.ts';
import { reconciliationReportSchema } from '@recovery-desk/domain/payments/contracts.ts';
import { demoSeedDeps } from '../../src/modules/demo/services/seed-deps.ts';
import { seedDemoPayments } from '../../src/modules/demo/services/seed-payments.ts';
import { DEMO_STATEMENT_FILE, queueDemoPaymentUploads } from '../../src/modules/demo/services/seed-payment-uploads.ts';
import { apiAs } from '../collections/factories.ts';
import { multipart } from '../legal/factories.ts';
import { queryRows, type TestUnit, type TestUser } from '../factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testDeps } from '../workflow/factories.ts';

// The demo's payments, made at first start through the real services: pay.mumbai (RG-MUM) finds batches in every
// view, UPI requests in every status, cash flagged as not deposited, receipts waiting for a batch, and a demo
// statement that reconciles with matches and leftovers on both sides.

describe.each(testDatabaseKinds())('demo payments (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let seeded: { batches: number; upi: number };

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedDemoOrganisation(handle.db, { businessDate: '2026-03-31', accounts: 1500 });
    t = await createTestApp(handle.db, { config: { demoMode: true } });
    seeded = await seedDemoPayments(demoSeedDeps({ config: t.config, db: handle.db, log: t.app.log }));
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await handle?.close();
  });

  async function asPay() {
    const [user] = await queryRows<{ id: number; username: string; email: string; full_name: string }>(
      handle.db,
      sql`select id, username, email, full_name from users where username = 'pay.mumbai'`,
    );
    const [unit] = await queryRows<TestUnit>(
      handle.db,
      sql`select id, unit_code as code, name, level, path from units where unit_code = 'RG-MUM'`,
    );
    const person: TestUser = {
      id: user!.id,
      username: user!.username,
      email: user!.email,
      fullName: user!.full_name,
      password: DEMO_PASSWORD,
    };
    return apiAs(t, person, unit!);
  }

  it('gives pay.mumbai batches in every view and UPI requests in every status', async () => {
    expect(seeded).toEqual({ batches: 4, upi: 4 });
    const pay = await asPay();
    const batches = (await pay.get('/api/payments/batches/viewer')).json<{ counts: Record<string, number> }>();
    expect(batches.counts.INITIATED).toBeGreaterThan(0);
    expect(batches.counts.APPROVED).toBeGreaterThan(0);
    expect(batches.counts.REJECTED).toBeGreaterThan(0);
    const upi = (await pay.get('/api/payments/upi/requests')).json<{ counts: Record<string, number> }>();
    expect(upi.counts).toEqual({ INITIATED: 1, SUCCESS: 1, FAILED: 1, EXPIRED: 1 });
    const undeposited = (await pay.get('/api/payments/batches/undeposited-cash')).json<{ count: number }>();
    expect(undeposited.count).toBeGreaterThanOrEqual(2);
    const candidates = (await pay.get('/api/payments/batches/candidates')).json<{ count: number }>();
    expect(candidates.count).toBeGreaterThan(0);
  });

  it('has pay.mumbai’s bank statement upload applied: reconciliation shows its matched and unmatched lines', async () => {
    const jobIds = await queueDemoPaymentUploads(testDeps(t));
    expect(jobIds).toHaveLength(1);
    await t.app.jobs.drain();
    const pay = await asPay();
    const uploads = collUploadPageSchema.parse((await pay.get('/api/collections/uploads')).json());
    expect(uploads.data.map((row) => [row.type, row.fileName, row.status, row.appliedRows])).toEqual([
      ['BANK_STATEMENT', DEMO_STATEMENT_FILE, 'APPLIED', 3],
    ]);
    const statements = (await pay.get('/api/payments/reconciliation/statements')).json<{ data: { id: number }[] }>();
    const report = reconciliationReportSchema.parse(
      (await pay.get(`/api/payments/reconciliation/statements/${statements.data[0]!.id}`)).json(),
    );
    expect(report.statement).toMatchObject({ fileName: DEMO_STATEMENT_FILE, credits: 3, matched: 2 });
    expect(report.matched.map((credit) => credit.matchKind)).toEqual(['BATCH', 'RECEIPT']);
    expect(report.unmatchedCredits).toHaveLength(1);
  });

  it('serves a demo statement that reconciles with matches and leftovers on both sides', async () => {
    const pay = await asPay();
    const file = await pay.get('/api/payments/reconciliation/demo-statement');
    expect(file.statusCode).toBe(200);
    const uploaded = await pay.inject({
      method: 'POST',
      url: '/api/payments/reconciliation/statements',
      ...multipart({}, [{ name: 'demo-bank-statement.csv', content: file.rawPayload }]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const report = reconciliationReportSchema.parse(uploaded.json());
    // (the demo's statement upload above credited the first batch and NEFT receipt already)
    expect(report.matched.length).toBeGreaterThanOrEqual(1);
    expect(report.unmatchedCredits).toHaveLength(1);
    expect(report.unmatchedBatches).toHaveLength(1);
    expect(report.unmatchedReceipts.length).toBeGreaterThanOrEqual(1);
  });
});

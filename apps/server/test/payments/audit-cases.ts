import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '@recovery-desk/db/client.ts';
import { upiWebhookSecretOf } from '../../src/config.ts';
import { withTransaction } from '../../src/db/transaction.ts';
import { signBody } from '../../src/modules/payments/index.ts';
import { postReceiptInTx } from '../../src/modules/receipts/index.ts';
import { apiAs, createAccount, createOrg, createStaff, type Api, type Org } from '../collections/factories.ts';
import { multipart } from '../legal/factories.ts';
import { BUSINESS_DATE, uniqueName, type TestUser } from '../factories.ts';
import type { TestApp } from '../support/test-app.ts';

// One successful call per state-changing payments route, for the audit trail test (apps/server/test/audit.test.ts):
// each returns the reply's status code; the test checks it is 200 and that the call wrote an audit row.

type Fixture = { t: TestApp; org: Org; collector: TestUser; desk: Api; checker: Api };

export function paymentsAuditCases(env: () => { t: TestApp; db: Database }): Record<string, () => Promise<number>> {
  let fixture: Fixture | undefined;
  async function payments(): Promise<Fixture & { db: Database }> {
    const { t, db } = env();
    if (!fixture || fixture.t !== t) {
      const org = await createOrg(db);
      fixture = {
        t,
        org,
        collector: await createStaff(db, org.branch, ['FIELD_COLLECTOR_SAUTH']),
        desk: await apiAs(
          t,
          await createStaff(db, org.branch, [
            'PAY_VERIFICATION_SAUTH',
            'PAY_BATCH_GEN_SAUTH',
            'PAY_BATCH_RECONCILIATION_SAUTH',
          ]),
          org.branch,
        ),
        checker: await apiAs(t, await createStaff(db, org.zone, ['PAY_BATCH_GEN_APP_SAUTH']), org.zone),
      };
    }
    return { ...fixture, db };
  }

  async function verifiedReceipt(mode: 'CASH' | 'NEFT'): Promise<number> {
    const { db, org, collector } = await payments();
    const account = await createAccount(db, { unit: org.branch, dpd: 10 });
    const ctx = {
      requestId: 'audit-test',
      ip: '127.0.0.1',
      user: { id: collector.id, username: collector.username, email: collector.email, fullName: 'C', familyId: 'f' },
      actingUnit: { id: org.branch.id, code: org.branch.code, path: org.branch.path, hasChildren: false },
      app: 'collapp' as const,
    };
    const posted = await withTransaction(db, (tx) =>
      postReceiptInTx(
        tx,
        {
          accountId: account.id,
          mode,
          amountMinor: 1000_00n,
          currency: 'INR',
          reference: mode === 'NEFT' ? uniqueName('UTR') : null,
          receivedByUserId: collector.id,
          receivedUnitId: org.branch.id,
          source: 'IMPORT',
          sourceRef: uniqueName('import'),
        },
        ctx,
      ),
    );
    await db.execute(sql`update receipts set status = 'VERIFIED' where id = ${posted.id}`);
    return posted.id;
  }

  async function collect(): Promise<{ id: number; txnId: string }> {
    const { db, org, desk } = await payments();
    const account = await createAccount(db, { unit: org.branch, dpd: 10 });
    const reply = await desk.inject({
      method: 'POST',
      url: '/api/payments/upi/requests',
      headers: { 'idempotency-key': randomUUID() },
      payload: { accountNo: account.accountNo, vpa: 'audit.payer@okaxis', amount: '100.00', expiryMinutes: 30 },
    });
    return reply.json<{ id: number; txnId: string }>();
  }

  async function batch(): Promise<{ id: number; version: number }> {
    const { org, desk } = await payments();
    const reply = await desk.inject({
      method: 'POST',
      url: '/api/payments/batches',
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        branchUnitId: org.branch.id,
        collectionDate: BUSINESS_DATE,
        depositSlipNo: `AUDIT-${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
        receiptIds: [await verifiedReceipt('CASH')],
      },
    });
    return reply.json<{ id: number; version: number }>();
  }

  return {
    'POST /api/payments/upi/requests': async () => {
      const { db, org, desk } = await payments();
      const account = await createAccount(db, { unit: org.branch, dpd: 10 });
      return (
        await desk.inject({
          method: 'POST',
          url: '/api/payments/upi/requests',
          headers: { 'idempotency-key': randomUUID() },
          payload: { accountNo: account.accountNo, vpa: 'audit.payer@okaxis', amount: '100.00', expiryMinutes: 30 },
        })
      ).statusCode;
    },
    'POST /api/payments/upi/requests/:id/sandbox-payer-approve': async () => {
      const { desk } = await payments();
      const request = await collect();
      return (await desk.post(`/api/payments/upi/requests/${request.id}/sandbox-payer-approve`)).statusCode;
    },
    'POST /api/payments/upi/requests/:id/sandbox-payer-decline': async () => {
      const { desk } = await payments();
      const request = await collect();
      return (await desk.post(`/api/payments/upi/requests/${request.id}/sandbox-payer-decline`)).statusCode;
    },
    'POST /api/payments/upi/callback': async () => {
      const { t } = await payments();
      const request = await collect();
      const body = JSON.stringify({
        eventId: uniqueName('evt'),
        txnId: request.txnId,
        pspTxnId: 'SBXAUDIT',
        status: 'FAILED',
        amountMinor: '10000',
        currency: 'INR',
        rrn: null,
        completedAt: null,
        failureReason: 'Declined',
      });
      return (
        await t.inject({
          method: 'POST',
          url: '/api/payments/upi/callback',
          payload: body,
          headers: {
            'content-type': 'application/json',
            'x-upi-signature': signBody(upiWebhookSecretOf(t.config), body),
          },
        })
      ).statusCode;
    },
    'POST /api/payments/batches': async () => {
      const { org, desk } = await payments();
      return (
        await desk.inject({
          method: 'POST',
          url: '/api/payments/batches',
          headers: { 'idempotency-key': randomUUID() },
          payload: {
            branchUnitId: org.branch.id,
            collectionDate: BUSINESS_DATE,
            depositSlipNo: `AUDIT-${Date.now()}`,
            receiptIds: [await verifiedReceipt('CASH')],
          },
        })
      ).statusCode;
    },
    'POST /api/payments/batches/:id/approve': async () => {
      const { checker } = await payments();
      const made = await batch();
      return (await checker.post(`/api/payments/batches/${made.id}/approve`, { version: made.version })).statusCode;
    },
    'POST /api/payments/batches/:id/reject': async () => {
      const { checker } = await payments();
      const made = await batch();
      return (
        await checker.post(`/api/payments/batches/${made.id}/reject`, {
          version: made.version,
          remarks: 'Slip differs',
        })
      ).statusCode;
    },
    'POST /api/payments/reconciliation/statements': async () => {
      const { desk } = await payments();
      const csv = `valueDate,amount,reference\n${BUSINESS_DATE},1.00,${uniqueName('REF')}\n`;
      return (
        await desk.inject({
          method: 'POST',
          url: '/api/payments/reconciliation/statements',
          ...multipart({}, [{ name: 'statement.csv', content: Buffer.from(csv) }]),
        })
      ).statusCode;
    },
    'POST /api/payments/eft-receipts/:id/cancel': async () => {
      const { desk } = await payments();
      const id = await verifiedReceipt('NEFT');
      return (
        await desk.post(`/api/payments/eft-receipts/${id}/cancel`, {
          reasonCode: 'NOT_CREDITED',
          remarks: 'Not credited',
        })
      ).statusCode;
    },
  };
}

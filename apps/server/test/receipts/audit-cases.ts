import { randomUUID } from 'node:crypto';
import type { Database } from '@recovery-desk/db/client.ts';
import type { ReceiptRow } from '@recovery-desk/domain/receipts/contracts.ts';
import { apiAs, createAccount, createOrg, createStaff, type Api } from '../collections/factories.ts';
import { uniqueName } from '../factories.ts';
import type { TestApp } from '../support/test-app.ts';

// One successful call per state-changing receipts route, for the audit trail test (apps/server/test/audit.test.ts):
// each returns the reply's status code; the test checks it is a success and that the call wrote an audit row. A collector
// captures (electronic receipts need no book), a zone desk verifies and asks for cancellations, another zone user
// decides them: maker and checker always differ.

type Fixture = { t: TestApp; db: Database; collector: Api; desk: Api; approver: Api; accountId: number };

export function receiptsAuditCases(env: () => { t: TestApp; db: Database }): Record<string, () => Promise<number>> {
  let fixture: Fixture | undefined;
  async function receipts(): Promise<Fixture> {
    const { t, db } = env();
    if (!fixture || fixture.t !== t) {
      const org = await createOrg(db);
      fixture = {
        t,
        db,
        accountId: (await createAccount(db, { unit: org.branch, dpd: 10 })).id,
        collector: await apiAs(t, await createStaff(db, org.branch, ['FIELD_COLLECTOR_SAUTH']), org.branch),
        desk: await apiAs(
          t,
          await createStaff(db, org.zone, ['PAY_VERIFICATION_SAUTH', 'PAY_CANCELLATION_SAUTH']),
          org.zone,
        ),
        approver: await apiAs(t, await createStaff(db, org.zone, ['RECEIPT_CANCEL_AUTHOR_SAUTH']), org.zone),
      };
    }
    return fixture;
  }

  async function capture(): Promise<{ status: number; receipt: ReceiptRow }> {
    const { collector, accountId } = await receipts();
    const reply = await collector.inject({
      method: 'POST',
      url: '/api/receipts',
      headers: { 'idempotency-key': randomUUID() },
      payload: { accountId, mode: 'UPI', amount: '100.00', currency: 'INR', reference: uniqueName('RRN0000') },
    });
    return { status: reply.statusCode, receipt: reply.json<ReceiptRow>() };
  }

  async function verified(): Promise<ReceiptRow> {
    const { desk } = await receipts();
    const { receipt } = await capture();
    return (await desk.post(`/api/receipts/${receipt.id}/verify`, { version: receipt.version })).json<ReceiptRow>();
  }

  async function cancelRequested(): Promise<ReceiptRow> {
    const { desk } = await receipts();
    const receipt = await verified();
    return (
      await desk.post(`/api/receipts/${receipt.id}/cancellation`, {
        version: receipt.version,
        reason: 'WRONG_ACCOUNT',
        remarks: 'Paid for another loan of the family',
      })
    ).json<ReceiptRow>();
  }

  return {
    'POST /api/receipts': async () => (await capture()).status,
    'POST /api/receipts/:id/verify': async () => {
      const { desk } = await receipts();
      const { receipt } = await capture();
      return (await desk.post(`/api/receipts/${receipt.id}/verify`, { version: receipt.version })).statusCode;
    },
    'POST /api/receipts/:id/reject': async () => {
      const { desk } = await receipts();
      const { receipt } = await capture();
      return (
        await desk.post(`/api/receipts/${receipt.id}/reject`, {
          version: receipt.version,
          remarks: 'No such credit on the statement',
        })
      ).statusCode;
    },
    'POST /api/receipts/:id/cancellation': async () => {
      const { desk } = await receipts();
      const receipt = await verified();
      return (
        await desk.post(`/api/receipts/${receipt.id}/cancellation`, {
          version: receipt.version,
          reason: 'WRONG_ACCOUNT',
          remarks: 'Paid for another loan of the family',
        })
      ).statusCode;
    },
    'POST /api/receipts/:id/cancellation/approve': async () => {
      const { approver } = await receipts();
      const receipt = await cancelRequested();
      return (await approver.post(`/api/receipts/${receipt.id}/cancellation/approve`, { version: receipt.version }))
        .statusCode;
    },
    'POST /api/receipts/:id/cancellation/reject': async () => {
      const { approver } = await receipts();
      const receipt = await cancelRequested();
      return (
        await approver.post(`/api/receipts/${receipt.id}/cancellation/reject`, {
          version: receipt.version,
          remarks: 'The transfer was for this account',
        })
      ).statusCode;
    },
  };
}

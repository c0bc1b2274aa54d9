import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { upiRequestSchema, type UpiRequest } from '@recovery-desk/domain/payments/contracts.ts';
import { upiWebhookSecretOf } from '../../src/config.ts';
import { signBody } from '../../src/modules/payments/index.ts';
import { apiAs, createAccount, createOrg, createStaff, errorOf, type Api, type Org } from '../collections/factories.ts';
import { ensureOrganisation, queryRows, uniqueName } from '../factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';

// UPI collection through the sandbox PSP, end to end over HTTP: the collect request, the payer's approval, the signed
// callback to our public endpoint, the poller, and the rule that a successful payment becomes exactly one receipt
// whatever the callbacks do (twice, out of order, concurrently, after the expiry).

const CALLBACK = '/api/payments/upi/callback';
const BASE = '/api/payments/upi/requests';

describe.each(testDatabaseKinds())('UPI collection (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let desk: Api;
  let secret: string;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
    desk = await apiAs(t, await createStaff(handle.db, org.branch, ['PAY_VERIFICATION_SAUTH']), org.branch);
    secret = upiWebhookSecretOf(t.config);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  async function collect(body: Record<string, unknown> = {}, key = randomUUID()): Promise<UpiRequest> {
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 10 });
    const response = await desk.inject({
      method: 'POST',
      url: BASE,
      headers: { 'idempotency-key': key },
      payload: {
        accountNo: account.accountNo,
        vpa: 'ravi.kumar@okaxis',
        amount: '1500.50',
        expiryMinutes: 30,
        ...body,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return upiRequestSchema.parse(response.json());
  }

  const callback = (rawBody: string, signature?: string) =>
    t.inject({
      method: 'POST',
      url: CALLBACK,
      payload: rawBody,
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-upi-signature': signature } : {}) },
    });

  function event(request: UpiRequest, status: string, extra: Record<string, unknown> = {}): string {
    return JSON.stringify({
      eventId: uniqueName('evt'),
      txnId: request.txnId,
      pspTxnId: 'SBXTEST',
      status,
      amountMinor: '150050',
      currency: 'INR',
      rrn: status === 'SUCCESS' ? '612345678901' : null,
      completedAt: new Date().toISOString(),
      failureReason: status === 'SUCCESS' ? null : 'test',
      ...extra,
    });
  }

  async function receiptsOf(txnId: string) {
    return queryRows<{ id: number; mode: string; source: string; amount_minor: string; reference: string | null }>(
      handle.db,
      sql`select id, mode, source, amount_minor::text, reference from receipts where source_ref = ${txnId}`,
    );
  }

  const read = async (id: number) => upiRequestSchema.parse((await desk.get(`${BASE}/${id}`)).json());

  it('sends the collect to the sandbox; the payer’s approval calls back and makes exactly one receipt', async () => {
    const request = await collect();
    expect(request).toMatchObject({
      status: 'INITIATED',
      vpa: 'ravi.kumar@okaxis',
      amount: '1500.50',
      currency: 'INR',
    });
    const approved = await desk.post(`${BASE}/${request.id}/sandbox-payer-approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const paid = upiRequestSchema.parse(approved.json());
    expect(paid).toMatchObject({ status: 'SUCCESS', lateSuccess: false });
    expect(paid.bankRrn).toMatch(/^\d{12}$/);
    expect(paid.completedAt).not.toBeNull();
    const receipts = await receiptsOf(request.txnId);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ mode: 'UPI', source: 'UPI_COLLECT', amount_minor: '150050' });
    expect(receipts[0]!.reference).toBe(paid.bankRrn);
    expect(paid.receiptId).toBe(Number(receipts[0]!.id));

    // The PSP sends the same callback twice more: duplicates, no second receipt, no second audit row.
    const again = await desk.post(`${BASE}/${request.id}/sandbox-payer-approve`);
    expect(again.statusCode).toBe(200);
    const replay = event(request, 'SUCCESS', { rrn: paid.bankRrn });
    const duplicate = await callback(replay, signBody(secret, replay));
    expect(duplicate.statusCode, duplicate.body).toBe(200);
    expect(duplicate.json()).toEqual({ outcome: 'DUPLICATE', status: 'SUCCESS' });
    expect(await receiptsOf(request.txnId)).toHaveLength(1);
    expect(await auditRows(handle.db, { action: 'payments.upi.success', entityId: request.id })).toHaveLength(1);
    expect(await auditRows(handle.db, { action: 'payments.upi.initiate', entityId: request.id })).toHaveLength(1);
  });

  it('gives exactly one receipt to concurrent deliveries of the success callback', async () => {
    const request = await collect();
    const body = event(request, 'SUCCESS');
    const signature = signBody(secret, body);
    const replies = await Promise.all(Array.from({ length: 8 }, () => callback(body, signature)));
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(8).fill(200));
    const outcomes = replies.map((reply) => reply.json<{ outcome: string }>().outcome).sort();
    expect(outcomes).toEqual(['APPLIED', ...Array(7).fill('DUPLICATE')]);
    expect(await receiptsOf(request.txnId)).toHaveLength(1);
    const [events] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from upi_callback_events where txn_id = ${request.txnId}`,
    );
    expect(events!.n).toBe(8);
  });

  it('ignores a failure that arrives after the success (out of order), and keeps SUCCESS', async () => {
    const request = await collect();
    const success = event(request, 'SUCCESS');
    expect((await callback(success, signBody(secret, success))).json()).toMatchObject({ outcome: 'APPLIED' });
    const failed = event(request, 'FAILED');
    const late = await callback(failed, signBody(secret, failed));
    expect(late.json()).toEqual({ outcome: 'IGNORED', status: 'SUCCESS' });
    expect((await read(request.id)).status).toBe('SUCCESS');
    expect(await receiptsOf(request.txnId)).toHaveLength(1);
  });

  it('expires an unpaid request after its expiry; a success that arrives later still becomes one receipt', async () => {
    const request = await collect({ expiryMinutes: 5 });
    await t.app.jobs.schedule();
    await t.app.jobs.drain();
    expect((await read(request.id)).status).toBe('INITIATED');

    t.clock.advance(6 * 60);
    await t.app.jobs.schedule();
    await t.app.jobs.drain();
    const expired = await read(request.id);
    expect(expired.status).toBe('EXPIRED');
    expect(await auditRows(handle.db, { action: 'payments.upi.expire', entityId: request.id })).toHaveLength(1);
    expect(await receiptsOf(request.txnId)).toHaveLength(0);

    // The money was taken after all (the PSP's success arrives late): it must be receipted, once.
    const success = event(request, 'SUCCESS');
    for (let i = 0; i < 2; i += 1) await callback(success, signBody(secret, success));
    const paid = await read(request.id);
    expect(paid).toMatchObject({ status: 'SUCCESS', lateSuccess: true });
    expect(await receiptsOf(request.txnId)).toHaveLength(1);
  });

  it('fails a VPA the sandbox declines (@fail) at the poll, without a receipt', async () => {
    const request = await collect({ vpa: 'nobody@fail' });
    await t.app.jobs.schedule();
    await t.app.jobs.drain();
    const failed = await read(request.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason).toMatch(/Declined/);
    expect(await receiptsOf(request.txnId)).toHaveLength(0);
  });

  it('refuses callbacks without a valid signature (401) and signed bodies that are not events (400 naming the field)', async () => {
    const request = await collect();
    const body = event(request, 'SUCCESS');
    expect((await callback(body)).statusCode).toBe(401);
    expect((await callback(body, signBody('another-secret-of-at-least-32-characters', body))).statusCode).toBe(401);
    expect((await callback(body, 'sha256=00')).statusCode).toBe(401);
    const tampered = body.replace('150050', '999999');
    expect((await callback(tampered, signBody(secret, body))).statusCode).toBe(401);
    const malformed = event(request, 'SUCCESS', { amountMinor: 1500.5 });
    const refused = await callback(malformed, signBody(secret, malformed));
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toContain('amountMinor');
    const wrongAmount = event(request, 'SUCCESS', { amountMinor: '100' });
    const mismatch = await callback(wrongAmount, signBody(secret, wrongAmount));
    expect(mismatch.statusCode).toBe(400);
    expect(errorOf(mismatch).fields).toContain('amountMinor');
    expect((await read(request.id)).status).toBe('INITIATED');
    expect(await receiptsOf(request.txnId)).toHaveLength(0);
  });

  it('takes an Idempotency-Key: the same key and body give the first request; the fields are checked by name', async () => {
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 10 });
    const key = randomUUID();
    const post = (payload: Record<string, unknown>, headers: Record<string, string> = { 'idempotency-key': key }) =>
      desk.inject({ method: 'POST', url: BASE, headers, payload });
    const body = { accountNo: account.accountNo, vpa: 'a.b@okicici', amount: '10.00', expiryMinutes: 10 };
    const first = await post(body);
    const second = await post(body);
    expect(second.statusCode).toBe(200);
    expect(second.json<UpiRequest>().id).toBe(first.json<UpiRequest>().id);
    expect(second.headers['idempotent-replayed']).toBe('true');
    const [count] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from upi_collect_requests where account_id = ${account.id}`,
    );
    expect(count!.n).toBe(1);
    expect(errorOf(await post(body, {})).fields).toContain('Idempotency-Key');

    const bad = await post(
      { accountNo: account.accountNo, vpa: 'not a vpa', amount: '10.001', expiryMinutes: 1 },
      { 'idempotency-key': randomUUID() },
    );
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual(expect.arrayContaining(['vpa', 'amount', 'expiryMinutes']));
  });

  it('answers 404 for another unit’s requests and accounts', async () => {
    const request = await collect();
    const foreign = await apiAs(t, await createStaff(handle.db, org.foreign, ['PAY_VERIFICATION_SAUTH']), org.foreign);
    expect((await foreign.get(`${BASE}/${request.id}`)).statusCode).toBe(404);
    expect((await foreign.post(`${BASE}/${request.id}/sandbox-payer-approve`)).statusCode).toBe(404);
    const list = await foreign.get(BASE);
    expect(list.json<{ count: number }>().count).toBe(0);
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 10 });
    const refused = await foreign.inject({
      method: 'POST',
      url: BASE,
      headers: { 'idempotency-key': randomUUID() },
      payload: { accountNo: account.accountNo, vpa: 'x.y@okaxis', amount: '10.00', expiryMinutes: 10 },
    });
    expect(refused.statusCode).toBe(404);
  });
});

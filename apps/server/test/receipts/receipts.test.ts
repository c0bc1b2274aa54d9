import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import type { ReceiptDetail, ReceiptListPage, ReceiptRow } from '@recovery-desk/domain/receipts/contracts.ts';
import { apiAs, createAccount, createOrg, createStaff, errorOf, type Api, type Org } from '../collections/factories.ts';
import { BUSINESS_DATE, ensureOrganisation, queryRows, uniqueName } from '../factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';

// Receipts through the API (issue 13): idempotent capture, bad input, §269ST, scope, maker-checker verification
// and cancellation on the approval kit with the exact reversal, the viewer, books and gaps, export.

describe.each(testDatabaseKinds())('receipts API (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let collector: Api;
  let verifier: Api;
  let approver: Api;
  let foreign: Api;
  let book: string;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
    const collectorUser = await createStaff(handle.db, org.branch, [
      'FIELD_COLLECTOR_SAUTH',
      'RECEIPT_VIEWER_SAUTH',
      'PAY_VERIFICATION_SAUTH',
    ]);
    collector = await apiAs(t, collectorUser, org.branch);
    verifier = await apiAs(
      t,
      await createStaff(handle.db, org.zone, [
        'PAY_VERIFICATION_SAUTH',
        'PAY_CANCELLATION_SAUTH',
        'RECEIPT_VIEWER_SAUTH',
      ]),
      org.zone,
    );
    approver = await apiAs(
      t,
      await createStaff(handle.db, org.zone, ['RECEIPT_CANCEL_AUTHOR_SAUTH', 'RECEIPT_VIEWER_SAUTH']),
      org.zone,
    );
    foreign = await apiAs(
      t,
      await createStaff(handle.db, org.foreign, [
        'FIELD_COLLECTOR_SAUTH',
        'RECEIPT_VIEWER_SAUTH',
        'PAY_VERIFICATION_SAUTH',
      ]),
      org.foreign,
    );
    book = uniqueName('BK').toUpperCase();
    await handle.db.execute(sql`
      insert into receipt_books (book_no, unit_id, unit_path, issued_to_user_id, range_from, range_to)
      values (${book}, ${org.branch.id}, ${org.branch.path}, ${collectorUser.id}, 1, 100)`);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  const post = (api: Api, payload: object, key: string | null = uniqueName('idem-key-')) =>
    api.inject({
      method: 'POST',
      url: '/api/receipts',
      payload,
      headers: key === null ? {} : { 'idempotency-key': key },
    });
  const upi = (accountId: number, amount = '1000.00') => ({
    accountId,
    mode: 'UPI',
    amount,
    currency: 'INR',
    reference: uniqueName('RRN0000'),
  });
  const count = async (table: 'receipts' | 'payments', accountId: number) => {
    const [row] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from ${sql.raw(table)} where account_id = ${accountId}`,
    );
    return row!.n;
  };

  it('posts 1,000 duplicate requests once: one receipt, one payment, every reply the first', async () => {
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 10 });
    const key = uniqueName('dup-key-');
    const body = upi(account.id, '2500.00');
    const parallel = await Promise.all(Array.from({ length: 100 }, () => post(collector, body, key)));
    const replies = [...parallel];
    for (let i = 0; i < 900; i += 1) replies.push(await post(collector, body, key));
    expect(replies).toHaveLength(1000);
    const statuses = new Set(replies.map((reply) => reply.statusCode));
    expect([...statuses]).toEqual([201]);
    const first = replies[0]!.json<ReceiptRow>();
    for (const reply of replies) expect(reply.json<ReceiptRow>()).toEqual(first);
    expect(replies.filter((reply) => reply.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(await count('receipts', account.id)).toBe(1);
    expect(await count('payments', account.id)).toBe(1);
    // the same key with another body is refused, naming the header
    const reused = await post(collector, { ...body, amount: '2600.00' }, key);
    expect(reused.statusCode).toBe(422);
    expect(errorOf(reused)).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', fields: ['Idempotency-Key'] });
    const missing = await post(collector, body, null);
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields).toEqual(['Idempotency-Key']);
  });

  it('refuses bad input with a 400 naming the field and writes nothing', async () => {
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 10 });
    const cases: [object, string][] = [
      [{ ...upi(account.id), amount: '12.345' }, 'amount'],
      [{ ...upi(account.id), amount: '0' }, 'amount'],
      [{ ...upi(account.id), reference: undefined }, 'reference'],
      [{ accountId: account.id, mode: 'NEFT', amount: '10.00', reference: 'short' }, 'reference'],
      [
        {
          accountId: account.id,
          mode: 'CHEQUE',
          amount: '10.00',
          bookNo: book,
          receiptNo: 90,
          bankName: 'SBI',
          micr: '400002001',
          instrumentDate: BUSINESS_DATE,
        },
        'instrumentNo',
      ],
      [
        {
          accountId: account.id,
          mode: 'CHEQUE',
          amount: '10.00',
          bookNo: book,
          receiptNo: 90,
          instrumentNo: '123456',
          bankName: 'SBI',
          micr: '12',
          instrumentDate: BUSINESS_DATE,
        },
        'micr',
      ],
      [
        {
          accountId: account.id,
          mode: 'CASH',
          amount: '1000.00',
          bookNo: book,
          receiptNo: 90,
          denominations: [{ note: 500, count: 1 }],
        },
        'denominations',
      ],
      [{ accountId: account.id, mode: 'CASH', amount: '1000.00', denominations: [{ note: 500, count: 2 }] }, 'bookNo'],
      [{ ...upi(account.id), extra: 1 }, 'body'],
      [{ ...upi(account.id), amount: '99999999.00' }, 'amount'],
    ];
    for (const [payload, field] of cases) {
      const reply = await post(collector, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(reply).fields, JSON.stringify(payload)).toContain(field);
    }
    expect(await count('receipts', account.id)).toBe(0);
    expect(await count('payments', account.id)).toBe(0);
  });

  it('refuses cash of ₹2,00,000 or more from one customer in a day (§269ST), across accounts', async () => {
    const first = await createAccount(handle.db, { unit: org.branch, dpd: 10, principal: '900000.00' });
    const second = await createAccount(handle.db, {
      unit: org.branch,
      dpd: 10,
      principal: '900000.00',
      customer: { id: first.customerId },
    });
    const cash = (accountId: number, amount: string, receiptNo: number) => ({
      accountId,
      mode: 'CASH',
      amount,
      bookNo: book,
      receiptNo,
      denominations: [{ note: 500, count: Number(amount) / 500 }],
    });
    const whole = await post(collector, cash(first.id, '200000.00', 1));
    expect(whole.statusCode).toBe(400);
    expect(errorOf(whole).fields).toEqual(['amount']);
    expect(errorOf(whole).detail).toContain('269ST');
    expect((await post(collector, cash(first.id, '150000.00', 1))).statusCode).toBe(201);
    const more = await post(collector, cash(second.id, '50000.00', 2));
    expect(more.statusCode).toBe(400);
    expect(errorOf(more).fields).toEqual(['amount']);
    expect((await post(collector, cash(second.id, '49999.00', 2))).statusCode).toBe(400); // not a note multiple
    expect((await post(collector, cash(second.id, '49500.00', 2))).statusCode).toBe(201);
    // a used number is never used again
    const reused = await post(collector, {
      accountId: second.id,
      mode: 'DD',
      amount: '500.00',
      bookNo: book,
      receiptNo: 1,
      instrumentNo: '111222',
      bankName: 'Canara Bank',
      micr: '400015002',
      instrumentDate: BUSINESS_DATE,
    });
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused).fields).toEqual(['receiptNo']);
  });

  it('answers 404 for another unit’s account and receipt', async () => {
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 10 });
    const reply = await post(foreign, upi(account.id));
    expect(reply.statusCode).toBe(404);
    const receipt = (await post(collector, upi(account.id))).json<ReceiptRow>();
    expect((await foreign.get(`/api/receipts/${receipt.id}`)).statusCode).toBe(404);
    expect((await foreign.get(`/api/receipts/accounts/${account.id}`)).statusCode).toBe(404);
    expect((await foreign.post(`/api/receipts/${receipt.id}/verify`, { version: receipt.version })).statusCode).toBe(
      404,
    );
    const list = (await foreign.get('/api/receipts')).json<ReceiptListPage>();
    expect(list.rows.map((row) => row.id)).not.toContain(receipt.id);
  });

  it('is verified by another user only, and a cancellation approved by another reverses the posting exactly', async () => {
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 10 });
    const snapshot = () =>
      queryRows(
        handle.db,
        sql`select a.total_due_amount::text, a.dpd, a.bucket, a.asset_class, a.overdue_charges::text,
              a.other_charges::text, a.total_interest_outstanding::text, a.total_principal_outstanding::text,
              (select json_agg(json_build_object('paid', d.amount_paid::text, 'on', d.paid_date) order by d.id)
               from dues d where d.account_id = a.id) as dues
            from accounts a where a.id = ${account.id}`,
      );
    const before = await snapshot();
    const captured = (await post(collector, upi(account.id, '5000.00'))).json<ReceiptRow>();
    expect(captured.status).toBe('PENDING_VERIFICATION');
    expect((await snapshot())[0]).toMatchObject({ dpd: 0, bucket: 'CURRENT' });

    const pending = (await verifier.get('/api/receipts/verification')).json<ReceiptListPage>();
    expect(pending.rows.find((row) => row.id === captured.id)?.pending?.flow).toBe('RECEIPT_VERIFICATION');

    const own = await collector.post(`/api/receipts/${captured.id}/verify`, { version: captured.version });
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).code).toBe('MAKER_CANNOT_CHECK');
    const noRemarks = await verifier.post(`/api/receipts/${captured.id}/reject`, { version: captured.version });
    expect(noRemarks.statusCode).toBe(400);
    expect(errorOf(noRemarks).fields).toEqual(['remarks']);
    const stale = await verifier.post(`/api/receipts/${captured.id}/verify`, { version: captured.version + 5 });
    expect(stale.statusCode).toBe(409);

    const verified = (
      await verifier.post(`/api/receipts/${captured.id}/verify`, { version: captured.version })
    ).json<ReceiptRow>();
    expect(verified.status).toBe('VERIFIED');
    const again = await verifier.post(`/api/receipts/${captured.id}/verify`, { version: verified.version });
    expect(again.statusCode).toBe(409);

    const requested = await verifier.post(`/api/receipts/${captured.id}/cancellation`, {
      version: verified.version,
      reason: 'CHEQUE_BOUNCED',
      remarks: 'Returned unpaid by the bank',
    });
    expect(requested.statusCode).toBe(200);
    const waiting = requested.json<ReceiptRow>();
    expect(waiting.status).toBe('CANCEL_REQUESTED');
    expect(waiting.pending).toMatchObject({ flow: 'RECEIPT_CANCELLATION', reason: 'CHEQUE_BOUNCED' });

    const byMaker = await verifier.inject({
      method: 'POST',
      url: `/api/receipts/${captured.id}/cancellation/approve`,
      payload: { version: waiting.version },
    });
    expect(byMaker.statusCode).toBe(403); // the requester lacks the approver authority
    const rejected = await approver.post(`/api/receipts/${captured.id}/cancellation/reject`, {
      version: waiting.version,
      remarks: 'The cheque cleared on re-presentation',
    });
    expect(rejected.json<ReceiptRow>().status).toBe('VERIFIED');
    const again2 = (
      await verifier.post(`/api/receipts/${captured.id}/cancellation`, {
        version: rejected.json<ReceiptRow>().version,
        reason: 'WRONG_ACCOUNT',
        remarks: 'Paid for the brother’s loan',
      })
    ).json<ReceiptRow>();
    const approved = await approver.post(`/api/receipts/${captured.id}/cancellation/approve`, {
      version: again2.version,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json<ReceiptRow>().status).toBe('CANCELLED');
    expect(await snapshot()).toEqual(before);
    const [sum] = await queryRows<{ total: string }>(
      handle.db,
      sql`select sum(amount)::text as total from payments where account_id = ${account.id}`,
    );
    expect(sum!.total).toBe('0.00');

    const detail = (await verifier.get(`/api/receipts/${captured.id}`)).json<ReceiptDetail>();
    expect(detail).toMatchObject({ status: 'CANCELLED', cancelReason: 'WRONG_ACCOUNT', charges: '750.25' });
    expect(detail.history.map((step) => step.action)).toEqual([
      'CAPTURE',
      'VERIFICATION_REQUEST',
      'VERIFICATION_APPROVE',
      'CANCELLATION_REQUEST',
      'CANCELLATION_REJECT',
      'CANCELLATION_REQUEST',
      'CANCELLATION_APPROVE',
    ]);
    expect(await auditRows(handle.db, { action: 'receipts.reverse', entityId: captured.id })).toHaveLength(1);
  });

  it('lets one of many parallel verifications win', async () => {
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 10 });
    const captured = (await post(collector, upi(account.id, '300.00'))).json<ReceiptRow>();
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        verifier.post(`/api/receipts/${captured.id}/verify`, { version: captured.version }),
      ),
    );
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((reply) => reply.statusCode === 409)).toHaveLength(7);
    expect(await auditRows(handle.db, { action: 'receipts.verification.approve', entityId: captured.id })).toHaveLength(
      1,
    );
  });

  it('reverses a receipt rejected at verification', async () => {
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 10 });
    const captured = (await post(collector, upi(account.id, '700.00'))).json<ReceiptRow>();
    const rejected = await verifier.post(`/api/receipts/${captured.id}/reject`, {
      version: captured.version,
      remarks: 'No such credit',
    });
    expect(rejected.json<ReceiptRow>().status).toBe('CANCELLED');
    const [row] = await queryRows<{ dpd: number }>(
      handle.db,
      sql`select accounts.dpd from accounts where id = ${account.id}`,
    );
    expect(row!.dpd).toBe(10);
  });

  it('lists books with their gaps, shows an account’s receipts and exports the viewer', async () => {
    const books = (await collector.get('/api/receipts/books')).json<{
      books: { bookNo: string; used: number; highestUsed: number; gaps: number[]; gapCount: number }[];
    }>().books;
    const mine = books.find((entry) => entry.bookNo === book)!;
    expect(mine.highestUsed).toBe(2);
    expect(mine.gaps).toEqual([]);
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 10 });
    const cheque = await post(collector, {
      accountId: account.id,
      mode: 'CHEQUE',
      amount: '300.00',
      bookNo: book,
      receiptNo: 7,
      instrumentNo: '654321',
      bankName: 'State Bank of India',
      micr: '400002001',
      instrumentDate: BUSINESS_DATE,
    });
    expect(cheque.statusCode).toBe(201);
    expect(cheque.json<ReceiptRow>()).toMatchObject({ receiptNo: `${book}-000007`, bookNo: book, reference: '654321' });
    const after = (await collector.get('/api/receipts/books')).json<{
      books: { bookNo: string; gaps: number[]; gapCount: number }[];
    }>();
    expect(after.books.find((entry) => entry.bookNo === book)).toMatchObject({ gaps: [3, 4, 5, 6], gapCount: 4 });

    const ofAccount = (await collector.get(`/api/receipts/accounts/${account.id}`)).json<ReceiptListPage>();
    expect(ofAccount.rows.map((row) => row.mode)).toEqual(['CHEQUE']);

    const filtered = (await collector.get(`/api/receipts?mode=CHEQUE&q=${book}`)).json<ReceiptListPage>();
    expect(filtered.count).toBe(1);
    const badFilter = await collector.get('/api/receipts?from=2026-04-01&to=2026-03-01');
    expect(badFilter.statusCode).toBe(400);
    expect(errorOf(badFilter).fields).toEqual(['to']);

    const csv = await collector.get(`/api/receipts/export?format=csv&q=${book}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`${book}-000007`);
    expect(csv.body.split('\n').filter(Boolean)).toHaveLength(4);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import { withTransaction } from '../../src/db/transaction.ts';
import { AppError } from '../../src/http/app-error.ts';
import { runIdempotent } from '../../src/http/idempotency.ts';
import type { RequestContext } from '../../src/http/request-context.ts';
import { postReceiptInTx, reverseReceiptInTx, type PostReceiptInput } from '../../src/modules/receipts/index.ts';
import { createAccount, createOrg, createPtp, createStaff, type Org } from '../collections/factories.ts';
import { BUSINESS_DATE, ensureOrganisation, queryRows, uniqueName, type TestUser } from '../factories.ts';

// The posting contract (postReceiptInTx / reverseReceiptInTx) and the shared idempotency helper, called directly
// as the other money parts call them: exact split, dues oldest first, DPD and bucket, promises, the payments row,
// and the exact reversal.

type AccountState = Record<string, unknown>;

async function accountState(db: DatabaseHandle['db'], id: number): Promise<AccountState> {
  const [row] = await queryRows<AccountState>(
    db,
    sql`select bounce_charges::text, overdue_charges::text, other_charges::text,
          total_interest_outstanding::text, total_principal_outstanding::text, total_due_amount::text,
          oldest_unpaid_due_date::text, accounts.dpd, bucket, asset_class, delinquent_flag from accounts where id = ${id}`,
  );
  return row!;
}

async function duesOf(db: DatabaseHandle['db'], id: number) {
  return queryRows<{ installment_no: number; amount_paid: string; paid_date: string | null }>(
    db,
    sql`select installment_no, amount_paid::text, paid_date::text from dues where account_id = ${id} order by installment_no`,
  );
}

describe.each(testDatabaseKinds())('receipt posting (%s)', (kind) => {
  let handle: DatabaseHandle;
  let org: Org;
  let collector: TestUser;
  let ctx: RequestContext;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    org = await createOrg(handle.db);
    collector = await createStaff(handle.db, org.branch, ['FIELD_COLLECTOR_SAUTH']);
    ctx = {
      requestId: 'test',
      ip: '127.0.0.1',
      user: { id: collector.id, username: collector.username, email: collector.email, fullName: 'C', familyId: 'f' },
      actingUnit: { id: org.branch.id, code: org.branch.code, path: org.branch.path, hasChildren: false },
      app: 'collapp',
    };
  });
  afterAll(async () => {
    await handle.close();
  });

  const input = (accountId: number, extra: Partial<PostReceiptInput> = {}): PostReceiptInput => ({
    accountId,
    mode: 'UPI',
    amountMinor: 5000_00n,
    currency: 'INR',
    reference: uniqueName('RRN'),
    receivedByUserId: collector.id,
    receivedUnitId: org.branch.id,
    source: 'MANUAL',
    ...extra,
  });

  it('splits charges → interest → principal, pays the oldest due, clears DPD and keeps the promise', async () => {
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 10 });
    const ptp = await createPtp(handle.db, {
      accountId: account.id,
      capturedBy: collector,
      unit: org.branch,
      promisedDate: addDays(BUSINESS_DATE, 2),
      amount: '3000.00',
    });
    const before = await accountState(handle.db, account.id);
    const duesBefore = await duesOf(handle.db, account.id);
    expect(before).toMatchObject({ dpd: 10, bucket: 'B1' });

    const receipt = await withTransaction(handle.db, (tx) => postReceiptInTx(tx, input(account.id), ctx));
    expect(receipt.status).toBe('PENDING_VERIFICATION');
    expect(receipt.receiptNo).toMatch(/^E\d{10}$/);
    // charges 500.00 + 250.25, then interest; nothing left for principal
    expect(receipt.chargesMinor).toBe(750_25n);
    expect(receipt.interestMinor).toBe(4249_75n);
    expect(receipt.principalMinor).toBe(0n);
    expect(receipt.chargesMinor + receipt.interestMinor + receipt.principalMinor).toBe(receipt.amountMinor);

    const after = await accountState(handle.db, account.id);
    expect(after).toMatchObject({
      dpd: 0,
      bucket: 'CURRENT',
      asset_class: 'STANDARD',
      delinquent_flag: false,
      total_due_amount: '0.00',
      other_charges: '0.00',
      overdue_charges: '0.00',
      total_interest_outstanding: '7750.75',
    });
    expect((await duesOf(handle.db, account.id))[0]).toMatchObject({
      amount_paid: '5000.00',
      paid_date: BUSINESS_DATE,
    });
    const [promise] = await queryRows<{ status: string; amount_paid: string }>(
      handle.db,
      sql`select status, amount_paid::text from ptps where id = ${ptp.id}`,
    );
    expect(promise).toEqual({ status: 'KEPT', amount_paid: '5000.00' });
    const payments = await queryRows<{ amount: string }>(
      handle.db,
      sql`select amount::text from payments where account_id = ${account.id}`,
    );
    expect(payments).toEqual([{ amount: '5000.00' }]);

    const reversed = await withTransaction(handle.db, (tx) =>
      reverseReceiptInTx(tx, receipt.id, { code: 'WRONG_ACCOUNT', remarks: 'Posted to the wrong loan' }, ctx),
    );
    expect(reversed.status).toBe('CANCELLED');
    expect(await accountState(handle.db, account.id)).toEqual(before);
    expect(await duesOf(handle.db, account.id)).toEqual(duesBefore);
    const [reopened] = await queryRows<{ status: string; amount_paid: string }>(
      handle.db,
      sql`select status, amount_paid::text from ptps where id = ${ptp.id}`,
    );
    expect(reopened).toEqual({ status: 'OPEN', amount_paid: '0.00' });
    const [sum] = await queryRows<{ total: string; n: number }>(
      handle.db,
      sql`select sum(amount)::text as total, count(*)::int as n from payments where account_id = ${account.id}`,
    );
    expect(sum).toEqual({ total: '0.00', n: 2 });
    await expect(
      withTransaction(handle.db, (tx) => reverseReceiptInTx(tx, receipt.id, { code: 'OTHER', remarks: 'again' }, ctx)),
    ).rejects.toMatchObject({ code: 'ALREADY_DECIDED' });
  });

  it('refuses a zero amount, more than owed, another currency, and §269ST cash across accounts', async () => {
    const customerAccount = await createAccount(handle.db, { unit: org.branch, dpd: 5, principal: '900000.00' });
    const second = await createAccount(handle.db, {
      unit: org.branch,
      dpd: 5,
      principal: '900000.00',
      customer: { id: customerAccount.customerId },
    });
    const refuse = async (extra: Partial<PostReceiptInput>, accountId = customerAccount.id) => {
      const error = await withTransaction(handle.db, (tx) => postReceiptInTx(tx, input(accountId, extra), ctx)).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      return error as AppError;
    };
    expect((await refuse({ amountMinor: 0n })).fields?.[0]?.field).toBe('amount');
    expect((await refuse({ amountMinor: 99_000_000_00n })).fields?.[0]?.field).toBe('amount');
    expect((await refuse({ currency: 'USD' })).fields?.[0]?.field).toBe('currency');

    const book = uniqueName('BK').toUpperCase();
    await handle.db.execute(sql`
      insert into receipt_books (book_no, unit_id, unit_path, issued_to_user_id, range_from, range_to)
      values (${book}, ${org.branch.id}, ${org.branch.path}, ${collector.id}, 1, 50)`);
    const cash = (amountMinor: bigint, receiptNo: number): Partial<PostReceiptInput> => ({
      mode: 'CASH',
      amountMinor,
      reference: null,
      bookNo: book,
      receiptNo,
      instrument: { denominations: [{ note: 500, count: Number(amountMinor / 500_00n) }] },
    });
    const first = await withTransaction(handle.db, (tx) =>
      postReceiptInTx(tx, input(customerAccount.id, cash(150_000_00n, 1)), ctx),
    );
    expect(first.receiptNo).toBe(`${book}-000001`);
    // the same person's cash the same day on another account reaches ₹2,00,000
    const refused = await refuse(cash(50_000_00n, 2), second.id);
    expect(refused.fields?.[0]?.field).toBe('amount');
    expect(refused.message).toContain('269ST');
    // below the limit passes; the refused number 2 was never used (rolled back), number 1 is used for ever
    await withTransaction(handle.db, (tx) => postReceiptInTx(tx, input(second.id, cash(49_999_00n, 2)), ctx));
    const cheque = (receiptNo: number): Partial<PostReceiptInput> => ({
      ...cash(1_000_00n, receiptNo),
      mode: 'CHEQUE',
      reference: '123456',
      instrument: { instrumentNo: '123456', bankName: 'HDFC Bank', micr: '400240002', instrumentDate: BUSINESS_DATE },
    });
    expect((await refuse(cheque(1), second.id)).fields?.[0]?.field).toBe('receiptNo');
    expect((await refuse(cheque(51), second.id)).fields?.[0]?.field).toBe('receiptNo');
    expect((await refuse({ ...cheque(3), bookNo: 'NO-SUCH-BOOK' }, second.id)).fields?.[0]?.field).toBe('bookNo');
    const third = await withTransaction(handle.db, (tx) => postReceiptInTx(tx, input(second.id, cheque(3)), ctx));
    expect(third.receiptNo).toBe(`${book}-000003`);
  });

  it('makes a promise partly paid PARTIAL, and a second receipt KEPT', async () => {
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 10 });
    const ptp = await createPtp(handle.db, {
      accountId: account.id,
      capturedBy: collector,
      unit: org.branch,
      promisedDate: addDays(BUSINESS_DATE, 3),
      amount: '8000.00',
    });
    const status = async () =>
      (
        await queryRows<{ status: string; amount_paid: string }>(
          handle.db,
          sql`select status, amount_paid::text from ptps where id = ${ptp.id}`,
        )
      )[0];
    await withTransaction(handle.db, (tx) => postReceiptInTx(tx, input(account.id, { amountMinor: 3000_00n }), ctx));
    expect(await status()).toEqual({ status: 'PARTIAL', amount_paid: '3000.00' });
    await withTransaction(handle.db, (tx) => postReceiptInTx(tx, input(account.id, { amountMinor: 5000_00n }), ctx));
    expect(await status()).toEqual({ status: 'KEPT', amount_paid: '8000.00' });
  });

  it('turns one payment source into one receipt', async () => {
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 10 });
    const sourceRef = uniqueName('UPIREQ');
    const once = input(account.id, { source: 'UPI_COLLECT', sourceRef, amountMinor: 1000_00n });
    const [a, b] = await Promise.all([
      withTransaction(handle.db, (tx) => postReceiptInTx(tx, once, ctx)),
      withTransaction(handle.db, (tx) => postReceiptInTx(tx, once, ctx)),
    ]);
    expect(a.id).toBe(b.id);
    const [count] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from payments where account_id = ${account.id}`,
    );
    expect(count!.n).toBe(1);
  });

  it('runs a keyed post once; a replay gets the first reply, another body a 422', async () => {
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 10 });
    const key = uniqueName('key-');
    const body = { accountId: account.id, amount: '100.00' };
    const post = () =>
      runIdempotent(handle.db, { userId: collector.id, route: 'POST /test', key, body }, async (tx) => {
        const receipt = await postReceiptInTx(tx, input(account.id, { amountMinor: 100_00n }), ctx);
        return { statusCode: 201, body: { id: receipt.id, receiptNo: receipt.receiptNo } };
      });
    const replies = await Promise.all(Array.from({ length: 20 }, post));
    expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
    expect(replies.filter((r) => !r.replayed)).toHaveLength(1);
    const [count] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from receipts where account_id = ${account.id}`,
    );
    expect(count!.n).toBe(1);
    await expect(
      runIdempotent(
        handle.db,
        { userId: collector.id, route: 'POST /test', key, body: { ...body, amount: '200.00' } },
        () => Promise.resolve({ statusCode: 201, body: {} }),
      ),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });
});

import { sql } from 'drizzle-orm';
import type { ReceiptMode } from '@recovery-desk/domain/receipts/contracts.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import {
  decideCancellation,
  decideVerification,
  issueReceiptBookInTx,
  postReceiptInTx,
  requestCancellation,
  type PostReceiptInput,
} from '../../receipts/index.ts';
import { findUnitsByCode, findUsersByUsername } from '../demo-seed.repository.ts';
import { DEMO_SEED_REQUEST_ID } from './seed-legal-cases.ts';

// The demo's receipts (first start in demo mode), made through the receipt services as staff make them: fc.andheri
// (collector, BR-AND) captures receipts of every mode on accounts of the Andheri branch, writing on a receipt book
// issued to him (number 4 is skipped: the book has a gap); pay.mumbai (RG-MUM) verifies some, rejects one and asks
// for cancellations; appr.west (ZN-W) approves one cancellation and rejects another. What is left waits in every
// tray: pending verifications for pay.mumbai, pending cancellations for appr.west.

export const DEMO_RECEIPT_BOOK = 'AND-0001';
export const DEMO_BRANCH_RECEIPT_BOOK = 'AND-0101';

type Plan = {
  mode: ReceiptMode;
  amount: bigint;
  bookNumber?: number;
  then?: 'verify' | 'reject' | 'cancelRequested' | 'cancelled' | 'cancelRejected';
};

const PLANS: readonly Plan[] = [
  { mode: 'CASH', amount: 5_000_00n, bookNumber: 1, then: 'verify' },
  { mode: 'CASH', amount: 12_500_00n, bookNumber: 2 },
  { mode: 'CHEQUE', amount: 18_000_00n, bookNumber: 3, then: 'cancelRequested' },
  { mode: 'DD', amount: 9_750_00n, bookNumber: 5, then: 'cancelled' },
  { mode: 'CASH', amount: 2_000_00n, bookNumber: 6, then: 'reject' },
  { mode: 'NEFT', amount: 15_000_00n, then: 'verify' },
  { mode: 'RTGS', amount: 2_50_000_00n },
  { mode: 'IMPS', amount: 7_200_00n, then: 'cancelRejected' },
  { mode: 'UPI', amount: 3_499_50n },
  { mode: 'UPI', amount: 6_000_00n, then: 'cancelRequested' },
  { mode: 'CHEQUE', amount: 11_000_00n, bookNumber: 7 },
];

function contextOf(
  user: { id: number; username: string; email: string; fullName: string },
  unit: { id: number; code: string; path: string; hasChildren: boolean },
): UnitContext {
  return {
    requestId: DEMO_SEED_REQUEST_ID,
    ip: '127.0.0.1',
    user: { id: user.id, username: user.username, email: user.email, fullName: user.fullName, familyId: 'demo-seed' },
    actingUnit: unit,
    app: 'collapp',
  };
}

const digits = (seed: number, length: number) =>
  String(seed * 7919 + 104729)
    .padStart(length, '0')
    .slice(-length);

/** Creates the demo receipts once (nothing when receipts exist). Returns how many it captured. */
export async function seedDemoReceipts(deps: AppDeps): Promise<number> {
  // (the secured-asset cases, seeded before, post their sale proceeds and partial payments as receipts of their own
  // sources)
  const [existing] = await selectRows<{ n: number }>(
    deps.db,
    sql`select count(*)::int as n from receipts where source not in ('SECURED_SALE', 'SECURED_PART_PAYMENT')`,
  );
  if ((existing?.n ?? 0) > 0) return 0;
  const users = await findUsersByUsername(deps.db, ['fc.andheri', 'pay.mumbai', 'appr.west']);
  const units = await findUnitsByCode(deps.db, ['BR-AND', 'RG-MUM', 'ZN-W']);
  const user = (name: string) => users.find((row) => row.username === name);
  const unit = (code: string) => units.find((row) => row.code === code);
  const collectorUser = user('fc.andheri');
  const payUser = user('pay.mumbai');
  const approverUser = user('appr.west');
  const branch = unit('BR-AND');
  const region = unit('RG-MUM');
  const zone = unit('ZN-W');
  if (!collectorUser || !payUser || !approverUser || !branch || !region || !zone) {
    throw new Error('demo receipts: fc.andheri, pay.mumbai, appr.west or their units are missing');
  }
  const collector = contextOf(collectorUser, branch);
  const payments = contextOf(payUser, region);
  const approver = contextOf(approverUser, zone);

  // accounts of the Andheri branch that owe enough, one per customer
  const accounts = await selectRows<{ id: number; account_no: string }>(
    deps.db,
    sql`select id, account_no from (
          select distinct on (a.customer_id) a.id, a.account_no,
            a.total_principal_outstanding + a.total_interest_outstanding as owed
          from accounts a
          where a.unit_id = ${branch.id} and a.dpd > 0 and a.currency = 'INR'
          order by a.customer_id, a.id
        ) one_per_customer
        where owed > 300000
        order by id limit ${PLANS.length}`,
  );
  if (accounts.length < PLANS.length) throw new Error('demo receipts: not enough accounts in BR-AND');

  const receiptIds: number[] = [];
  await withTransaction(deps.db, async (tx) => {
    await issueReceiptBookInTx(
      tx,
      { bookNo: DEMO_RECEIPT_BOOK, unitId: branch.id, issuedToUserId: collectorUser.id, rangeFrom: 1, rangeTo: 50 },
      collector,
    );
    await issueReceiptBookInTx(
      tx,
      { bookNo: DEMO_BRANCH_RECEIPT_BOOK, unitId: branch.id, issuedToUserId: null, rangeFrom: 101, rangeTo: 150 },
      collector,
    );
    for (const [index, plan] of PLANS.entries()) {
      const account = accounts[index]!;
      const instrument: PostReceiptInput['instrument'] =
        plan.mode === 'CASH'
          ? { denominations: [{ note: 500, count: Number(plan.amount / 500_00n) }] }
          : plan.mode === 'CHEQUE' || plan.mode === 'DD'
            ? {
                instrumentNo: digits(index + 1, 6),
                bankName: index % 2 === 0 ? 'State Bank of India' : 'HDFC Bank',
                micr: `400${digits(index + 3, 6)}`,
                instrumentDate: null,
              }
            : {};
      const reference =
        plan.mode === 'UPI'
          ? digits(index + 11, 12)
          : plan.mode === 'NEFT' || plan.mode === 'RTGS' || plan.mode === 'IMPS'
            ? `${plan.mode === 'IMPS' ? '' : 'HDFCN'}${digits(index + 21, plan.mode === 'IMPS' ? 12 : 11)}`
            : (instrument?.instrumentNo ?? null);
      const receipt = await postReceiptInTx(
        tx,
        {
          accountId: Number(account.id),
          mode: plan.mode,
          amountMinor: plan.amount,
          currency: 'INR',
          reference,
          instrument,
          receivedByUserId: collectorUser.id,
          receivedUnitId: branch.id,
          source: 'MANUAL',
          bookNo: plan.bookNumber === undefined ? null : DEMO_RECEIPT_BOOK,
          receiptNo: plan.bookNumber ?? null,
        },
        collector,
        { postingOrder: deps.config.receiptPostingOrder, at: deps.clock.now() },
      );
      receiptIds.push(receipt.id);
    }
  });

  // the checkers' decisions, each through the approval kit as the screens make them
  const versionOf = async (id: number) => {
    const [row] = await selectRows<{ version: number }>(deps.db, sql`select version from receipts where id = ${id}`);
    return row!.version;
  };
  for (const [index, plan] of PLANS.entries()) {
    const id = receiptIds[index]!;
    if (!plan.then) continue;
    if (plan.then === 'reject') {
      await decideVerification(deps, {
        ctx: payments,
        id,
        approve: false,
        version: await versionOf(id),
        remarks: 'Cash short against the denominations counted',
      });
      continue;
    }
    await decideVerification(deps, { ctx: payments, id, approve: true, version: await versionOf(id) });
    if (plan.then === 'verify') continue;
    const reason = plan.mode === 'CHEQUE' || plan.mode === 'DD' ? 'CHEQUE_BOUNCED' : 'WRONG_ACCOUNT';
    await requestCancellation(deps, {
      ctx: payments,
      id,
      input: {
        version: await versionOf(id),
        reason,
        remarks: reason === 'CHEQUE_BOUNCED' ? 'Returned unpaid: funds insufficient' : 'Credited to a relative’s loan',
      },
    });
    if (plan.then === 'cancelRequested') continue;
    await decideCancellation(deps, {
      ctx: approver,
      id,
      approve: plan.then === 'cancelled',
      version: await versionOf(id),
      remarks: plan.then === 'cancelled' ? 'Bank return memo seen' : 'The payment is on the right account',
    });
  }
  return receiptIds.length;
}

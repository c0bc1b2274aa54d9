import { sql } from 'drizzle-orm';
import { addDays } from '@recovery-desk/domain/dates.ts';
import type { Clock } from '../../../clock.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import {
  decideBatch,
  generateBatch,
  initiateUpiCollect,
  PAY_BATCH_HANDLER,
  pollUpiRequests,
  providerContext,
  sandboxPayerAction,
} from '../../payments/index.ts';
import type { ApprovalHandler } from '../../approvals/index.ts';
import { decideVerification, postReceiptInTx } from '../../receipts/index.ts';
import { findUnitsByCode, findUsersByUsername, type DemoUnitRow, type DemoUserRow } from '../demo-seed.repository.ts';
import { DEMO_SEED_REQUEST_ID } from './seed-legal-cases.ts';

// The demo's payments (first start in demo mode), made through the real services as the demo's people would:
// - fc.andheri's receipts at the Andheri and Thane branches (posted by the receipts part's postReceiptInTx and
//   verified by pay.mumbai through Receipt Verification), cash and cheques for deposit batches and NEFT/IMPS credits for reconciliation;
// - pay.mumbai (RG-MUM) generates deposit batches; appr.west (ZN-W) approves two and rejects one, one waits: every
//   view (Initiated, Approved, Rejected) has a batch; verified cash of the previous day stays out of any approved
//   batch ("collected vs deposited" flags it) and some receipts wait for the next batch;
// - pay.mumbai sends UPI collect requests through the sandbox PSP: one paid (the payer approves, the signed callback
//   makes its receipt), one declined (a @fail VPA), one expired, one waiting for the payer;
// - the bank statement to reconcile is written from these deposits on demand (Download demo statement on the
//   reconciliation screen).

type Person = { user: DemoUserRow; unit: DemoUnitRow };

function contextOf(person: Person): UnitContext {
  return {
    requestId: DEMO_SEED_REQUEST_ID,
    ip: '127.0.0.1',
    user: { ...person.user, familyId: DEMO_SEED_REQUEST_ID },
    actingUnit: {
      id: person.unit.id,
      code: person.unit.code,
      path: person.unit.path,
      hasChildren: person.unit.hasChildren,
    },
    app: 'collapp',
    language: 'en',
  };
}

type DemoAccount = { id: number; accountNo: string; unitId: number; unitCode: string };

export async function seedDemoPayments(deps: AppDeps): Promise<{ batches: number; upi: number }> {
  const users = await findUsersByUsername(deps.db, ['pay.mumbai', 'appr.west', 'fc.andheri']);
  const units = await findUnitsByCode(deps.db, ['RG-MUM', 'ZN-W', 'BR-AND', 'BR-THN']);
  const user = (name: string) => users.find((row) => row.username === name);
  const unit = (code: string) => units.find((row) => row.code === code);
  const payUser = user('pay.mumbai');
  const approverUser = user('appr.west');
  const collectorUser = user('fc.andheri');
  const region = unit('RG-MUM');
  const zone = unit('ZN-W');
  if (!payUser || !approverUser || !collectorUser || !region || !zone) return { batches: 0, upi: 0 };
  const desk = contextOf({ user: payUser, unit: region });
  const approver = contextOf({ user: approverUser, unit: zone });
  const businessDate = await requireBusinessDate(deps.db);
  const previousDay = addDays(businessDate, -1);

  // Accounts of the region's branches that owe enough for a receipt (INR), a few per branch.
  const accounts = await selectRows<DemoAccount>(
    deps.db,
    sql`select a.id, a.account_no as "accountNo", a.unit_id as "unitId", u.unit_code as "unitCode"
      from accounts a join units u on u.id = a.unit_id
      where u.unit_code in ('BR-AND', 'BR-THN') and a.currency = 'INR' and a.total_due_amount >= 20000
      order by a.id limit 40`,
  );
  const andheri = accounts.filter((account) => account.unitCode === 'BR-AND');
  const thane = accounts.filter((account) => account.unitCode === 'BR-THN');
  if (andheri.length < 14 || thane.length < 4) return { batches: 0, upi: 0 };
  let next = 0;
  const take = (list: DemoAccount[]) => list[next++ % list.length]!;

  /** A receipt by fc.andheri through the receipts part, verified, on `receivedOn`. */
  const receipt = async (
    list: DemoAccount[],
    mode: 'CASH' | 'CHEQUE' | 'NEFT' | 'IMPS',
    amountMinor: bigint,
    reference: string | null,
    receivedOn = businessDate,
  ): Promise<number> => {
    const account = take(list);
    const id = await withTransaction(deps.db, async (tx) => {
      const posted = await postReceiptInTx(
        tx,
        {
          accountId: account.id,
          mode,
          amountMinor,
          currency: 'INR',
          reference,
          ...(mode === 'CHEQUE' ? { instrument: { instrumentNo: reference ?? '', bankName: 'HDFC Bank' } } : {}),
          receivedByUserId: collectorUser.id,
          receivedUnitId: account.unitId,
          source: 'IMPORT',
          sourceRef: `demo-${mode}-${account.id}-${amountMinor}-${receivedOn}`,
        },
        contextOf({ user: collectorUser, unit: region }),
        { postingOrder: deps.config.receiptPostingOrder, at: deps.clock.now() },
      );
      // Cash of the previous day (collected vs deposited): the demo dates it back, as a receipt captured yesterday.
      if (receivedOn !== businessDate) {
        await tx.execute(sql`update receipts set received_on = ${receivedOn} where id = ${posted.id}`);
      }
      return posted.id;
    });
    // pay.mumbai verifies it, as on Receipt Verification (the collector is the maker).
    const [row] = await selectRows<{ version: number }>(deps.db, sql`select version from receipts where id = ${id}`);
    await decideVerification(deps, { ctx: desk, id, approve: true, version: row!.version });
    return id;
  };

  const handler = PAY_BATCH_HANDLER as ApprovalHandler<never>;
  const branchId = andheri[0]!.unitId;
  const thaneId = thane[0]!.unitId;
  const batch = (branchUnitId: number, collectionDate: string, depositSlipNo: string, receiptIds: number[]) =>
    generateBatch(deps, { ctx: desk, input: { branchUnitId, collectionDate, depositSlipNo, receiptIds }, handler });

  // Approved and deposited (the demo statement credits the first; the newest approved one is still in transit).
  const approvedA = await batch(branchId, businessDate, 'HDFC-DS-50121', [
    await receipt(andheri, 'CASH', 12_500_00n, null),
    await receipt(andheri, 'CASH', 8_000_00n, null),
    await receipt(andheri, 'CHEQUE', 15_000_00n, '004512'),
  ]);
  await decideBatch(deps, {
    ctx: approver,
    id: approvedA.id,
    decision: 'approve',
    version: approvedA.version,
    handler,
  });
  const approvedB = await batch(thaneId, businessDate, 'ICICI-DS-7781', [
    await receipt(thane, 'CASH', 6_250_00n, null),
    await receipt(thane, 'CHEQUE', 9_999_50n, '771203'),
  ]);
  await decideBatch(deps, {
    ctx: approver,
    id: approvedB.id,
    decision: 'approve',
    version: approvedB.version,
    handler,
  });
  // Rejected: the slip did not match the cash; its receipts are free again and wait for a new batch.
  const rejected = await batch(branchId, businessDate, 'HDFC-DS-50122', [
    await receipt(andheri, 'CASH', 4_300_00n, null),
  ]);
  await decideBatch(deps, {
    ctx: approver,
    id: rejected.id,
    decision: 'reject',
    version: rejected.version,
    remarks: 'Deposit slip total differs from the cash counted; regenerate with the corrected slip.',
    handler,
  });
  // Initiated: waits for appr.west.
  await batch(branchId, businessDate, 'HDFC-DS-50123', [
    await receipt(andheri, 'CASH', 7_450_00n, null),
    await receipt(andheri, 'CHEQUE', 11_200_00n, '004519'),
  ]);
  // Waiting for a batch today, and cash of the previous day not deposited (collected vs deposited).
  await receipt(andheri, 'CASH', 5_000_00n, null);
  await receipt(andheri, 'CHEQUE', 3_750_00n, '004530');
  await receipt(andheri, 'CASH', 9_100_00n, null, previousDay);
  await receipt(thane, 'CASH', 2_400_00n, null, previousDay);

  // Electronic receipts for the reconciliation (the newest one the bank never credits: EFT Receipt Cancel).
  await receipt(andheri, 'NEFT', 18_000_00n, 'HDFCN52026033100417');
  await receipt(thane, 'IMPS', 4_999_00n, '608912345671');
  await receipt(andheri, 'NEFT', 7_777_00n, 'SBINN52026033100923');

  // UPI collect requests through the sandbox PSP, one in every status.
  const collect = (accountNo: string, vpa: string, amount: string, expiryMinutes: number) =>
    initiateUpiCollect(deps, { ctx: desk, input: { accountNo, vpa, amount, expiryMinutes } });
  const paid = await collect(take(andheri).accountNo, 'ravi.patil@okhdfcbank', '2500.00', 60);
  await sandboxPayerAction(deps, { ctx: desk, id: paid.id, action: 'approve' });
  await collect(take(andheri).accountNo, 'sunil.more@fail', '1800.00', 60);
  await collect(take(thane).accountNo, 'meena.shah@oksbi', '3200.00', 5);
  await collect(take(andheri).accountNo, 'anil.kadam@ybl', '1500.00', 7 * 24 * 60);
  // The poller's first round: the @fail VPA is declined; ten minutes on, the 5-minute request has expired.
  await pollUpiRequests(deps, providerContext(DEMO_SEED_REQUEST_ID));
  const later: Clock = { now: () => new Date(deps.clock.now().getTime() + 10 * 60_000), sleep: deps.clock.sleep };
  await pollUpiRequests({ ...deps, clock: later }, providerContext(DEMO_SEED_REQUEST_ID));
  return { batches: 4, upi: 4 };
}

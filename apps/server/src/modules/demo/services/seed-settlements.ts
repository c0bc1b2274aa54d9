import { sql } from 'drizzle-orm';
import { addDays } from '@recovery-desk/domain/dates.ts';
import { toCents } from '@recovery-desk/domain/money.ts';
import { minorToDecimal } from '@recovery-desk/domain/settlements/arithmetic.ts';
import type { Clock } from '../../../clock.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { postReceiptInTx } from '../../receipts/index.ts';
import { checkSettlementSchedules, decideSettlement, initiateSettlementInTx } from '../../settlements/index.ts';
import { findUnitsByCode, findUsersByUsername } from '../demo-seed.repository.ts';
import { DEMO_SEED_REQUEST_ID } from './seed-legal-cases.ts';

// The demo's settlements (first start in demo mode), made through the real services: settle.west (ZN-W) initiates,
// appr.west (ZN-W, zone level) decides, credit.ho (HO) has the credit-committee and board-level ones waiting, money
// arrives as receipts (postReceiptInTx). Every view has work: pending (one overdue), approved (a letter, a schedule
// with its first instalment paid), a restructuring-flagged plan, rejected, pushed back, and one lapsed (made with
// the business date 40 days back, then the schedule check lapses it on today's date).

const DAY_MS = 86_400_000;

type Candidate = { id: number; accountNo: string; customerName: string; total: string };

function contextOf(
  user: { id: number; username: string; email: string; fullName: string },
  unit: { id: number; code: string; path: string; hasChildren: boolean },
): UnitContext {
  return {
    requestId: DEMO_SEED_REQUEST_ID,
    ip: '127.0.0.1',
    user: { id: user.id, username: user.username, email: user.email, fullName: user.fullName, familyId: 'demo-seed' },
    actingUnit: { id: unit.id, code: unit.code, path: unit.path, hasChildren: unit.hasChildren },
    app: 'collapp',
  };
}

/** A share of an amount in minor units, as a decimal (rounded down to the paisa). */
function share(total: string, percent: number): string {
  return minorToDecimal((toCents(total) * BigInt(percent)) / 100n);
}

export async function seedDemoSettlements(deps: AppDeps): Promise<{ settlements: number }> {
  const [existing] = await selectRows<{ n: number }>(deps.db, sql`select count(*)::int as n from settlements`);
  if ((existing?.n ?? 0) > 0) return { settlements: 0 };
  const users = await findUsersByUsername(deps.db, ['settle.west', 'appr.west']);
  const units = await findUnitsByCode(deps.db, ['ZN-W']);
  const maker = users.find((user) => user.username === 'settle.west');
  const checker = users.find((user) => user.username === 'appr.west');
  const zone = units[0];
  if (!maker || !checker || !zone) throw new Error('demo settlement personas or ZN-W missing');
  const makerCtx = contextOf(maker, zone);
  const checkerCtx = contextOf(checker, zone);
  const today = await requireBusinessDate(deps.db);

  // Delinquent INR accounts of the West zone with something to settle, not on hold.
  const candidates = await selectRows<Candidate>(
    deps.db,
    sql`select a.id, a.account_no as "accountNo", c.name as "customerName",
        (a.total_principal_outstanding + a.total_interest_outstanding + a.other_charges + a.overdue_charges
          + a.bounce_charges)::text as total
      from accounts a join customers c on c.id = a.customer_id
      where a.unit_path like ${`${zone.path}%`} and a.dpd > 90 and a.currency = 'INR' and not a.is_on_hold
        and a.total_principal_outstanding between 100000 and 1500000
        and not exists (select 1 from payments p where p.account_id = a.id and p.paid_on >= ${addDays(today, -45)}::date)
        and not exists (select 1 from cases k where k.account_id = a.id)
      order by a.id limit 12`,
  );
  if (candidates.length < 10) return { settlements: 0 };
  const pick = (() => {
    let next = 0;
    return () => candidates[next++]!;
  })();

  const initiate = async (
    account: Candidate,
    payablePercent: number,
    plan: { days: number; percent: number }[],
    options: { clock?: Clock; remarks?: string } = {},
  ) => {
    const payable = share(account.total, payablePercent);
    const businessDate = await requireBusinessDate(deps.db);
    // Instalments as shares of the payable; the last takes the rest so they add up exactly.
    let left = toCents(payable);
    const instalments = plan.map((item, index) => {
      const amount = index === plan.length - 1 ? left : (toCents(payable) * BigInt(item.percent)) / 100n;
      left -= amount;
      return { dueDate: addDays(businessDate, item.days), amount: minorToDecimal(amount) };
    });
    const seedDeps = options.clock ? { ...deps, clock: options.clock } : deps;
    return withTransaction(deps.db, (tx) =>
      initiateSettlementInTx(tx, seedDeps, makerCtx, {
        accountId: account.id,
        totalPayable: payable,
        partyName: account.customerName,
        instalments,
        remarks: options.remarks ?? 'One-time settlement offered by the borrower after field visit.',
      }),
    );
  };
  const version = async (id: number) => {
    const [row] = await selectRows<{ version: number }>(deps.db, sql`select version from settlements where id = ${id}`);
    return row!.version;
  };
  const decide = async (id: number, decision: 'approve' | 'reject' | 'pushback', remarks?: string) =>
    decideSettlement(deps, { ctx: checkerCtx, id, decision, version: await version(id), remarks });
  const pay = async (accountId: number, amount: string, reference: string) =>
    withTransaction(deps.db, (tx) =>
      postReceiptInTx(
        tx,
        {
          accountId,
          mode: 'NEFT',
          amountMinor: toCents(amount),
          currency: 'INR',
          reference,
          receivedByUserId: maker.id,
          receivedUnitId: zone.id,
          source: 'IMPORT',
          sourceRef: reference,
        },
        makerCtx,
      ),
    );
  const backdated = (days: number): Clock => ({
    now: () => new Date(deps.clock.now().getTime() - days * DAY_MS),
    sleep: deps.clock.sleep,
  });

  let made = 0;
  // 1. Pending, within its TAT (5 % waiver: branch level or the level above the sanction).
  await initiate(pick(), 95, [{ days: 30, percent: 100 }]);
  made += 1;
  // 2. Pending and overdue: requested six days ago.
  await initiate(pick(), 85, [{ days: 45, percent: 100 }], { clock: backdated(6) });
  made += 1;
  // 3. Approved: a letter and a schedule of two instalments, the first paid.
  const approvedAccount = pick();
  const approved = await initiate(approvedAccount, 80, [
    { days: 15, percent: 40 },
    { days: 60, percent: 60 },
  ]);
  await decide(approved, 'approve', 'Within the zone’s delegation; borrower paid 40 % upfront.');
  const [first] = await selectRows<{ minor: string }>(
    deps.db,
    sql`select amount_minor::text as minor from settlement_instalments
      where settlement_id = ${approved} and instalment_no = 1`,
  );
  await pay(approvedAccount.id, minorToDecimal(BigInt(first!.minor)), `DEMO-SETTLE-${approved}-1`);
  made += 1;
  // 4. Approved with a plan past 90 days: flagged as restructuring.
  const long = await initiate(pick(), 75, [
    { days: 30, percent: 25 },
    { days: 90, percent: 25 },
    { days: 150, percent: 50 },
  ]);
  await decide(long, 'approve', 'Six-month plan agreed; reported as restructuring.');
  made += 1;
  // 5. Rejected.
  const rejected = await initiate(pick(), 65, [{ days: 30, percent: 100 }]);
  await decide(rejected, 'reject', 'Security value covers the dues; a deeper waiver is not justified.');
  made += 1;
  // 6. Pushed back to the maker.
  const pushed = await initiate(pick(), 72, [{ days: 20, percent: 100 }]);
  await decide(pushed, 'pushback', 'Ask for 10 % upfront and a shorter plan, then resubmit.');
  made += 1;
  // 7. Credit committee and board level: waiting for a head-office approver (credit.ho).
  await initiate(pick(), 50, [{ days: 30, percent: 100 }]);
  made += 1;
  const fraudAccount = pick();
  await deps.db.execute(sql`update accounts set is_fraud = true where id = ${fraudAccount.id}`);
  await initiate(fraudAccount, 95, [{ days: 30, percent: 100 }], { remarks: 'Fraud-tagged account: needs the Board.' });
  made += 1;
  // 8. Lapsed: made and approved with the business date 40 days back; its instalment (30 days back) was never
  //    paid, so today's schedule check lapses it and the account returns to full dues.
  const lapsedAccount = pick();
  await deps.db.execute(sql`update organisation set business_date = ${addDays(today, -40)}::date where id = 1`);
  try {
    const lapsed = await initiate(lapsedAccount, 85, [{ days: 10, percent: 100 }], { clock: backdated(40) });
    await decide(lapsed, 'approve', 'Single instalment in ten days.');
  } finally {
    await deps.db.execute(sql`update organisation set business_date = ${today}::date where id = 1`);
  }
  made += 1;
  await checkSettlementSchedules(deps, makerCtx);
  // One account sanctioned at the region: a small waiver on it still needs the zone.
  const regionSanctioned = pick();
  await deps.db.execute(sql`update accounts set sanction_level = 'REGION' where id = ${regionSanctioned.id}`);
  await initiate(regionSanctioned, 96, [{ days: 25, percent: 100 }]);
  made += 1;
  return { settlements: made };
}

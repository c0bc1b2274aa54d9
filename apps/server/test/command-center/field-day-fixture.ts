import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '@recovery-desk/db/client.ts';
import { addresses } from '@recovery-desk/db/collections-schema.ts';
import type { PositionInput } from '@recovery-desk/domain/command-center/ingest.ts';
import { DEFAULT_COMMAND_CENTER_SETTINGS } from '@recovery-desk/domain/command-center/settings.ts';
import { shadySeverityTable, type ShadyReport } from '@recovery-desk/domain/command-center/shady-rules.ts';
import {
  simulateDay,
  type SimulatedDay,
  type SimulatorPlants,
} from '@recovery-desk/domain/command-center/simulator.ts';
import { withTransaction } from '../../src/db/transaction.ts';
import type { RequestContext } from '../../src/http/request-context.ts';
import { postReceiptInTx } from '../../src/modules/receipts/index.ts';
import { createAccount, type Api } from '../collections/factories.ts';
import { uniqueName, type TestUnit, type TestUser } from '../factories.ts';

// A collector's simulated day made real (issue 16), for the command-center tests: ten customers across Andheri, each
// with an account of the branch allocated to the collector and a geocoded primary residence; the simulator's day
// (domain simulator.ts) with its receipts posted through the receipts part (so the RECEIPT position events carry
// real receipt numbers), the cash deposited in payment batches made through the payments API at the simulator's
// deposit times (the planted undeposited receipt is left out), and the positions, RECEIPT and VISIT events sent
// through POST /api/cmd-center/positions as the collector. The expected findings are the simulator's plants.

export const ANDHERI_CUSTOMERS = [
  [19.119, 72.846],
  [19.1235, 72.852],
  [19.129, 72.847],
  [19.115, 72.855],
  [19.133, 72.856],
  [19.11, 72.842],
  [19.126, 72.862],
  [19.138, 72.848],
  [19.118, 72.865],
  [19.131, 72.839],
].map(([latitude, longitude]) => ({ latitude: latitude!, longitude: longitude! }));
export const ANDHERI_BRANCH = { latitude: 19.106, longitude: 72.852 };

export type FieldDay = {
  day: SimulatedDay;
  /** the simulator's receipt id (R1, R2 …) → the real receipt's number and id */
  receipts: Map<string, { id: number; receiptNo: string }>;
  accounts: { id: number; accountNo: string; customerId: number }[];
  /** the planted findings as `RULE receiptNo`, per report */
  expected: Record<ShadyReport, string[]>;
};

export async function plantFieldDay(
  db: Database,
  options: {
    branch: TestUnit;
    collector: TestUser;
    /** the collector signed in at the branch (sends the positions) */
    collectorApi: Api;
    /** a user of the branch with PAY_BATCH_GEN_SAUTH (makes the deposit batches) */
    depositor: Api;
    seed: string | number;
    date: string;
    plants?: SimulatorPlants;
    deviceId?: string;
  },
): Promise<FieldDay> {
  const { branch, collector, date } = options;
  const accounts: FieldDay['accounts'] = [];
  for (const place of ANDHERI_CUSTOMERS) {
    const account = await createAccount(db, { unit: branch, dpd: 10, allocatedTo: collector });
    const [row] = await db
      .execute<{ customer_id: number | string }>(sql`select customer_id from accounts where id = ${account.id}`)
      .then((result) => (result as unknown as { rows: { customer_id: number | string }[] }).rows);
    const customerId = Number(row!.customer_id);
    await db.insert(addresses).values({
      customerId,
      addressType: 'RESIDENCE',
      level: 'PRIMARY',
      line1: 'Andheri',
      city: 'Mumbai',
      state: 'Maharashtra',
      pinCode: '400053',
      latitude: place.latitude,
      longitude: place.longitude,
    });
    accounts.push({ id: account.id, accountNo: account.accountNo, customerId });
  }
  const day = simulateDay({
    seed: options.seed,
    date,
    start: ANDHERI_BRANCH,
    customers: accounts.map((account, index) => ({
      id: account.customerId,
      accountId: account.id,
      ...ANDHERI_CUSTOMERS[index]!,
    })),
    plants: options.plants ?? {},
  });

  // The receipts, posted through the receipts part as the collector.
  const ctx: RequestContext = {
    requestId: 'field-day',
    ip: '127.0.0.1',
    user: { id: collector.id, username: collector.username, email: collector.email, fullName: 'C', familyId: 'f' },
    actingUnit: { id: branch.id, code: branch.code, path: branch.path, hasChildren: false },
    app: 'collapp',
  };
  const receipts = new Map<string, { id: number; receiptNo: string }>();
  for (const receipt of day.receipts) {
    const posted = await withTransaction(db, (tx) =>
      postReceiptInTx(
        tx,
        {
          accountId: Number(receipt.accountId),
          mode: receipt.mode as 'CASH' | 'UPI' | 'CHEQUE',
          amountMinor: receipt.amountMinor,
          currency: 'INR',
          reference: receipt.mode === 'CASH' ? null : uniqueName('REF').toUpperCase(),
          receivedByUserId: collector.id,
          receivedUnitId: branch.id,
          source: 'IMPORT',
          sourceRef: uniqueName('field-day'),
        },
        ctx,
      ),
    );
    receipts.set(receipt.id, { id: posted.id, receiptNo: posted.receiptNo });
  }

  // Cash deposited in a batch each, at the simulator's deposit time (the batch's created_at is when it was made).
  for (const receipt of day.receipts) {
    if (receipt.mode !== 'CASH' || receipt.depositedAt === null) continue;
    const real = receipts.get(receipt.id)!;
    await db.execute(sql`update receipts set status = 'VERIFIED', received_on = ${date} where id = ${real.id}`);
    const reply = await options.depositor.inject({
      method: 'POST',
      url: '/api/payments/batches',
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        branchUnitId: branch.id,
        collectionDate: date,
        depositSlipNo: uniqueName('DS').toUpperCase().replaceAll('_', '-'),
        receiptIds: [real.id],
      },
    });
    if (reply.statusCode !== 200) throw new Error(`batch of ${real.receiptNo}: ${reply.body}`);
    const batchId = Number((reply.json() as { id: number }).id);
    await db.execute(sql`update payment_batches set created_at = ${receipt.depositedAt}::timestamptz
      where id = ${batchId}`);
  }

  // The day's positions, then a RECEIPT event per receipt (its place, accuracy and mock flag) and a VISIT event per
  // recorded visit (the account's number), sent newest first in batches of 1,000.
  const accountOf = new Map(accounts.map((account) => [account.customerId, account]));
  const positions: PositionInput[] = [
    ...day.positions.map((position) => ({
      seq: position.sequence,
      fixTime: position.fixTime,
      latitude: position.latitude,
      longitude: position.longitude,
      accuracyM: position.accuracyM,
      speedKmh: position.speedKmh,
      battery: position.battery,
      mock: position.mock,
    })),
    ...day.receipts
      .filter((receipt) => receipt.latitude !== null && receipt.longitude !== null)
      .map((receipt, index) => ({
        seq: 1_000_000 + index,
        fixTime: receipt.receivedAt,
        latitude: receipt.latitude!,
        longitude: receipt.longitude!,
        accuracyM: receipt.accuracyM,
        mock: receipt.mock,
        eventType: 'RECEIPT' as const,
        ref: receipts.get(receipt.id)!.receiptNo,
      })),
    ...day.visits.map((visit, index) => ({
      seq: 2_000_000 + index,
      fixTime: visit.arriveAt,
      latitude: visit.latitude,
      longitude: visit.longitude,
      accuracyM: 10,
      eventType: 'VISIT' as const,
      ref: accountOf.get(Number(visit.customerId))!.accountNo,
    })),
  ].reverse();
  const deviceId = options.deviceId ?? `field-day-${String(options.seed)}`;
  for (let index = 0; index < positions.length; index += 1000) {
    const reply = await options.collectorApi.post('/api/cmd-center/positions', {
      deviceId,
      positions: positions.slice(index, index + 1000),
    });
    if (reply.statusCode !== 200) throw new Error(`positions: ${reply.body}`);
  }

  const reportOf = new Map(
    shadySeverityTable(DEFAULT_COMMAND_CENTER_SETTINGS).map((row) => [row.rule, row.report] as const),
  );
  const expected: FieldDay['expected'] = { TIME: [], LOCATION: [] };
  for (const plant of day.plants) {
    for (const id of plant.receiptIds) {
      for (const rule of plant.expect) expected[reportOf.get(rule)!].push(`${rule} ${receipts.get(id)!.receiptNo}`);
    }
  }
  expected.TIME.sort();
  expected.LOCATION.sort();
  return { day, receipts, accounts, expected };
}

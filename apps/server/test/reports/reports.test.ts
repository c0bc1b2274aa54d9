import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followUps, ptps } from '@recovery-desk/db/collections-schema.ts';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import { findReport, REPORT_KEYS, type ReportKey, type ReportReply } from '@recovery-desk/domain/reports/contracts.ts';
import { collectionsDashboardSchema } from '@recovery-desk/domain/lists/contracts.ts';
import ExcelJS from 'exceljs';
import type { AppDeps } from '../../src/deps.ts';
import { JobFileWriter, jobFileContent } from '../../src/jobs/job-files.ts';
import { completeJob } from '../../src/jobs/jobs.repository.ts';
import { csvLineWriter } from '../../src/modules/reports/services/export-report.ts';
import { runRetention } from '../../src/modules/processes/retention.job.ts';
import { ensureOrganisation, type TestUser } from '../factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';
import {
  apiAs,
  createAccount,
  createOrg,
  createPayment,
  createStaff,
  errorOf,
  type Api,
  type Org,
  type TestAccount,
} from '../collections/factories.ts';

// Reports (issue 14) on a small known book: every figure exact, the subtree scope, the refusals and the export job's
// file. Business date 2026-03-31: the default period is 2026-03-01 … 2026-03-31 and the period begins after 02-28.

describe.each(testDatabaseKinds())('reports (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let reporter: Api;
  let branchReporter: Api;
  let headOffice: Api;
  let telecaller: Api;
  let agentX: TestUser;
  let agentY: TestUser;
  let a1: TestAccount;
  let a2: TestAccount;
  let a3: TestAccount;

  async function exec(query: ReturnType<typeof sql>) {
    await handle.db.execute(query);
  }

  async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
    agentX = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH'], { fullName: 'Asha Agent' });
    agentY = await createStaff(handle.db, org.sibling, ['TELECALLER_SAUTH'], { fullName: 'Bala Field' });
    reporter = await apiAs(t, await createStaff(handle.db, org.zone, ['REPORT_GENERATION_SAUTH']), org.zone);
    branchReporter = await apiAs(t, await createStaff(handle.db, org.branch, ['REPORT_GENERATION_SAUTH']), org.branch);
    headOffice = await apiAs(t, await createStaff(handle.db, org.ho, ['REPORT_GENERATION_SAUTH']), org.ho);
    telecaller = await apiAs(t, agentX, org.branch);

    // A1: branch, B1 (due 03-22 unpaid), INR, paid 2,000.00 on 03-25. At the period's start it was current.
    a1 = await createAccount(handle.db, { unit: org.branch, dpd: 10, allocatedTo: agentX, product: 'PERSONAL' });
    await createPayment(handle.db, a1.id, '2026-03-25', '2000.00');
    // A2: sibling, B2 (due 02-20 unpaid: B1 at the start), USD, AUTO, paid 100.00 on 03-10; no due in March.
    a2 = await createAccount(handle.db, {
      unit: org.sibling,
      dpd: 40,
      allocatedTo: agentY,
      product: 'AUTO',
      currency: 'USD',
      emi: '300.00',
    });
    await exec(sql`update payments set currency = 'USD' where account_id = ${a2.id}`);
    await createPayment(handle.db, a2.id, '2026-03-10', '100.00');
    await exec(sql`update payments set currency = 'USD' where account_id = ${a2.id}`);
    // A3: branch, current now; its 02-15 instalment was paid on 03-05 (B1 at the start), its 03-15 one on 03-15.
    a3 = await createAccount(handle.db, { unit: org.branch, dpd: 0, allocatedTo: agentX, product: 'PERSONAL' });
    await exec(sql`insert into dues (account_id, installment_no, due_date, amount_due, amount_paid, paid_date) values
      (${a3.id}, 10, '2026-02-15', 5000, 5000, '2026-03-05'), (${a3.id}, 11, '2026-03-15', 5000, 5000, '2026-03-15')`);
    await createPayment(handle.db, a3.id, '2026-03-05', '5000.00');
    await createPayment(handle.db, a3.id, '2026-03-15', '5000.00');
    // Outside the zone: never in its reports.
    const foreign = await createAccount(handle.db, { unit: org.foreign, dpd: 10 });
    await createPayment(handle.db, foreign.id, '2026-03-20', '999.00');

    // PTPs: X kept one (2,000.00) and broke one (1,000.00) on A1; Y's 50.00 USD on A2 is open.
    await handle.db
      .insert(ptps)
      .values([
        ptp(a1.id, agentX, '2026-03-20', '2000.00', 'KEPT', '2000.00', org.branch.id),
        ptp(a1.id, agentX, '2026-03-25', '1000.00', 'BROKEN', '0', org.branch.id),
        { ...ptp(a2.id, agentY, '2026-03-28', '50.00', 'OPEN', '0', org.sibling.id), currency: 'USD' },
      ]);
    // Follow-ups: X called A1 twice in March (one right-party contact) and once in February; Y visited A2.
    await handle.db
      .insert(followUps)
      .values([
        followUp(a1.id, agentX, org.branch.id, 'CALL', 'PTP', '2026-03-20'),
        followUp(a1.id, agentX, org.branch.id, 'CALL', 'RNR', '2026-03-21'),
        followUp(a1.id, agentX, org.branch.id, 'CALL', 'RNR', '2026-02-21'),
        followUp(a2.id, agentY, org.sibling.id, 'FIELD_VISIT', 'PTP', '2026-03-12'),
      ]);
    // Settlements: one approved on A1 (50,000.00 due, 40,000.00 payable), one rejected on A3, one in February.
    for (const [account, status, on, total, payable] of [
      [a1.id, 'APPROVED', '2026-03-10', 5_000_000, 4_000_000],
      [a3.id, 'REJECTED', '2026-03-11', 1_000_000, 900_000],
      [a3.id, 'REJECTED', '2026-02-11', 1_000_000, 900_000],
    ] as const) {
      await exec(sql`insert into settlements (account_id, unit_path, currency, status, stage, party_name, principal_minor,
          interest_minor, charges_minor, total_minor, payable_minor, waiver_principal_minor, waiver_interest_minor,
          waiver_charges_minor, waiver_minor, waiver_bp, required_level, level_reason, initiated_by_user_id,
          initiated_unit_id, initiated_on)
        values (${account}, ${org.branch.path}, 'INR', ${status}, 'CLOSED', 'Borrower', ${total}, 0, 0, ${total},
          ${payable}, ${total - payable}, 0, 0, ${total - payable}, 0, 1, 'test', ${agentX.id}, ${org.branch.id}, ${on})`);
    }
    // Receipts of the branch: 3,000.00 in a live batch (reconciled), 1,500.00 not deposited, one cancelled.
    const receiptIds: number[] = [];
    for (const [no, amount, status] of [
      ['R-1', 300_000, 'VERIFIED'],
      ['R-2', 150_000, 'VERIFIED'],
      ['R-3', 700_000, 'CANCELLED'],
    ] as const) {
      const rows = (await handle.db.execute(sql`insert into receipts (receipt_no, account_id, customer_id, unit_path,
          branch_unit_id, mode, amount_minor, currency, received_on, received_by_user_id, received_unit_id, status,
          charges_minor, interest_minor, principal_minor, posting, source)
        values (${`${no}-${kind}-${org.branch.id}`}, ${a1.id}, ${a1.customerId}, ${org.branch.path}, ${org.branch.id},
          'CASH', ${amount}, 'INR', '2026-03-20', ${agentX.id}, ${org.branch.id}, ${status}, 0, 0, ${amount}, '{}'::jsonb,
          'COUNTER') returning id`)) as unknown as { rows: { id: number | string }[] };
      receiptIds.push(Number(rows.rows[0]!.id));
    }
    const batch = (await handle.db.execute(sql`insert into payment_batches (batch_no, branch_unit_id, unit_path,
        collection_date, deposit_slip_no, currency, amount_minor, receipt_count, status, maker_user_id, maker_unit_id,
        reconciled_at)
      values (${`B-${kind}-${org.branch.id}`}, ${org.branch.id}, ${org.branch.path}, '2026-03-20', 'SLIP-1', 'INR',
        300000, 1, 'APPROVED', ${agentX.id}, ${org.branch.id}, now()) returning id`)) as unknown as {
      rows: { id: number | string }[];
    };
    await exec(sql`insert into payment_batch_receipts (batch_id, receipt_id, amount_minor)
      values (${Number(batch.rows[0]!.id)}, ${receiptIds[0]!}, 300000)`);
    // Legal cases: NOTICE entered 10 and 100 days before the business date, FILING 200 days before; one closed.
    for (const [account, stage, entered, closed] of [
      [a1, 'NOTICE', '2026-03-21', false],
      [a2, 'NOTICE', '2025-12-21', false],
      [a3, 'CASE_FILING', '2025-09-12', false],
      [a1, 'NOTICE', '2026-03-01', true],
    ] as const) {
      await exec(sql`insert into cases (case_no, definition_code, definition_version, account_id, unit_id, unit_path,
          stage, status, stage_entered_on, is_closed, created_by_user_id)
        values (${`LGL/${kind}/${stage}/${entered}/${org.branch.id}`}, 'LEGAL', 1, ${account.id}, ${org.branch.id},
          ${org.branch.path}, ${stage}, 'OPEN', ${entered}, ${closed}, ${agentX.id})`);
    }
    // The organisation-wide BOM snapshot of March: 7 accounts in B1.
    await exec(sql`insert into bom_bucket_snapshots (month, bucket, currency, accounts, principal_outstanding_minor,
        taken_on, taken_at)
      values ('2026-03-01', 'B1', 'INR', 4, 100, '2026-03-01', now()), ('2026-03-01', 'B1', 'USD', 3, 100, '2026-03-01', now())
      on conflict do nothing`);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  function ptp(
    accountId: number,
    user: TestUser,
    promisedDate: string,
    promisedAmount: string,
    status: string,
    amountPaid: string,
    unitId: number,
  ) {
    return {
      accountId,
      promisedDate,
      promisedAmount,
      status,
      amountPaid,
      capturedByUserId: user.id,
      capturedInUnitId: unitId,
      createdAt: new Date(`${promisedDate}T06:00:00Z`),
    };
  }

  function followUp(accountId: number, user: TestUser, unitId: number, mode: string, code: string, day: string) {
    return {
      accountId,
      contactMode: mode,
      contactedByUserId: user.id,
      contactedByUnitId: unitId,
      contactedAt: new Date(`${day}T06:00:00Z`),
      dispositionCode: code,
      businessDate: day,
    };
  }

  async function report(api: Api, name: string, query = ''): Promise<ReportReply> {
    const response = await api.get(`/api/collections/reports/${name}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReportReply>();
  }

  function pick(rows: ReportReply['rows'], keys: string[]) {
    return rows.map((row) => Object.fromEntries(keys.map((key) => [key, row[key]])));
  }

  it('collection efficiency by bucket, product and agent: collected against demand per currency, in the subtree', async () => {
    const byBucket = await report(reporter, 'collectionEfficiency');
    expect(byBucket).toMatchObject({ from: '2026-03-01', to: '2026-03-31', businessDate: '2026-03-31' });
    expect(
      pick(byBucket.rows, ['groupCode', 'currency', 'accounts', 'demandMinor', 'collectedMinor', 'efficiencyBp']),
    ).toEqual([
      {
        groupCode: 'CURRENT',
        currency: 'INR',
        accounts: 1,
        demandMinor: 500000,
        collectedMinor: 1000000,
        efficiencyBp: 20000,
      },
      {
        groupCode: 'B1',
        currency: 'INR',
        accounts: 1,
        demandMinor: 500000,
        collectedMinor: 200000,
        efficiencyBp: 4000,
      },
      { groupCode: 'B2', currency: 'USD', accounts: 1, demandMinor: 0, collectedMinor: 10000, efficiencyBp: null },
    ]);
    expect(byBucket.rows[1]!.groupLabel).toBe('1–30');

    const byProduct = await report(reporter, 'collectionEfficiency', '?by=product');
    expect(pick(byProduct.rows, ['groupCode', 'currency', 'demandMinor', 'collectedMinor', 'efficiencyBp'])).toEqual([
      { groupCode: 'AUTO', currency: 'USD', demandMinor: 0, collectedMinor: 10000, efficiencyBp: null },
      { groupCode: 'PERSONAL', currency: 'INR', demandMinor: 1000000, collectedMinor: 1200000, efficiencyBp: 12000 },
    ]);
    const byAgent = await report(reporter, 'collectionEfficiency', '?by=agent&product=PERSONAL');
    expect(pick(byAgent.rows, ['groupLabel', 'accounts', 'collectedMinor'])).toEqual([
      { groupLabel: 'Asha Agent', accounts: 2, collectedMinor: 1200000 },
    ]);
    const byAccount = await report(reporter, 'collectionEfficiency', '?by=account&bucket=B1');
    expect(pick(byAccount.rows, ['groupLabel', 'efficiencyBp'])).toEqual([
      { groupLabel: a1.accountNo, efficiencyBp: 4000 },
    ]);
    // A period of February only: A3's 02-15 instalment, nothing collected.
    const february = await report(reporter, 'collectionEfficiency', '?from=2026-02-01&to=2026-02-28');
    expect(pick(february.rows, ['groupCode', 'demandMinor', 'collectedMinor', 'efficiencyBp'])).toEqual([
      { groupCode: 'CURRENT', demandMinor: 500000, collectedMinor: 0, efficiencyBp: 0 },
      { groupCode: 'B2', demandMinor: 30000, collectedMinor: 0, efficiencyBp: 0 },
    ]);
  });

  it('scope: a branch sees only its accounts; a unit outside the subtree is refused by name', async () => {
    const branch = await report(branchReporter, 'collectionEfficiency', '?by=branch');
    expect(branch.rows.map((row) => row.currency)).toEqual(['INR']);
    expect(branch.rows[0]).toMatchObject({ accounts: 2, collectedMinor: 1200000 });
    const zoneOnSibling = await report(reporter, 'collectionEfficiency', `?by=branch&unitId=${org.sibling.id}`);
    expect(pick(zoneOnSibling.rows, ['currency', 'collectedMinor'])).toEqual([
      { currency: 'USD', collectedMinor: 10000 },
    ]);
    expect(zoneOnSibling.units.map((unit) => unit.id)).toEqual(
      expect.arrayContaining([org.zone.id, org.branch.id, org.sibling.id]),
    );

    const outside = await branchReporter.get(`/api/collections/reports/collectionEfficiency?unitId=${org.zone.id}`);
    expect(outside.statusCode).toBe(400);
    expect(errorOf(outside).fields).toEqual(['unitId']);
    const badPeriod = await reporter.get('/api/collections/reports/ptpKeptRate?from=2026-03-10&to=2026-03-01');
    expect(badPeriod.statusCode).toBe(400);
    expect(errorOf(badPeriod).fields).toEqual(['to']);
    expect((await reporter.get('/api/collections/reports/nope')).statusCode).toBe(400);
  });

  it('refuses a user without REPORT_GENERATION_SAUTH, on reading and exporting', async () => {
    const read = await telecaller.get('/api/collections/reports/rollRates');
    expect(read.statusCode).toBe(403);
    expect(errorOf(read).code).toBe('AUTHORITY_MISSING');
    const exported = await telecaller.post('/api/collections/reports/rollRates/export', { format: 'csv' });
    expect(exported.statusCode).toBe(403);
  });

  it('PTP kept rate per agent and currency', async () => {
    const reply = await report(reporter, 'ptpKeptRate');
    expect(
      pick(reply.rows, [
        'agent',
        'currency',
        'promised',
        'kept',
        'partial',
        'broken',
        'open',
        'keptRateBp',
        'promisedMinor',
        'paidMinor',
      ]),
    ).toEqual([
      {
        agent: 'Asha Agent',
        currency: 'INR',
        promised: 2,
        kept: 1,
        partial: 0,
        broken: 1,
        open: 0,
        keptRateBp: 5000,
        promisedMinor: 300000,
        paidMinor: 200000,
      },
      {
        agent: 'Bala Field',
        currency: 'USD',
        promised: 1,
        kept: 0,
        partial: 0,
        broken: 0,
        open: 1,
        keptRateBp: null,
        promisedMinor: 5000,
        paidMinor: 0,
      },
    ]);
  });

  it('roll-forward and roll-back rates, bucket movement and resolution from the buckets at the period start', async () => {
    const rolls = await report(reporter, 'rollRates');
    expect(rolls.rows).toEqual([
      {
        fromBucket: 'CURRENT',
        fromBucketLabel: 'Current',
        accounts: 1,
        rolledForward: 1,
        stable: 0,
        rolledBack: 0,
        rollForwardBp: 10000,
        rollBackBp: 0,
        snapshotAccounts: null,
      },
      {
        fromBucket: 'B1',
        fromBucketLabel: '1–30',
        accounts: 2,
        rolledForward: 1,
        stable: 0,
        rolledBack: 1,
        rollForwardBp: 5000,
        rollBackBp: 5000,
        snapshotAccounts: null,
      },
    ]);
    // At the root unit the organisation-wide BOM snapshot stands beside the rebuilt figures.
    const atRoot = await report(headOffice, 'rollRates');
    expect(atRoot.rows.find((row) => row.fromBucket === 'B1')?.snapshotAccounts).toBe(7);

    const movement = await report(reporter, 'bucketMovement');
    expect(pick(movement.rows, ['fromBucket', 'toBucket', 'accounts'])).toEqual([
      { fromBucket: 'CURRENT', toBucket: 'B1', accounts: 1 },
      { fromBucket: 'B1', toBucket: 'CURRENT', accounts: 1 },
      { fromBucket: 'B1', toBucket: 'B2', accounts: 1 },
    ]);
    const resolution = await report(reporter, 'resolutionRate');
    expect(pick(resolution.rows, ['fromBucket', 'accounts', 'resolved', 'settled', 'resolutionBp'])).toEqual([
      { fromBucket: 'B1', accounts: 2, resolved: 1, settled: 0, resolutionBp: 5000 },
    ]);
  });

  it('agent productivity and field visits in the period', async () => {
    const productivity = await report(reporter, 'agentProductivity');
    expect(productivity.rows).toEqual([
      {
        agent: 'Asha Agent',
        currency: 'INR',
        calls: 2,
        contacts: 1,
        ptps: 2,
        ptpMinor: 300000,
        collectedMinor: 450000,
      },
      { agent: 'Bala Field', currency: 'USD', calls: 0, contacts: 1, ptps: 1, ptpMinor: 5000, collectedMinor: 0 },
    ]);
    const visits = await report(reporter, 'fieldVisits');
    expect(visits.rows).toEqual([{ agent: 'Bala Field', visits: 1, accountsVisited: 1, contacts: 1, ptps: 1 }]);
  });

  it('settlements and waivers, receipts against deposits, ageing of legal cases by stage', async () => {
    const settlements = await report(reporter, 'settlementsWaivers');
    expect(
      pick(settlements.rows, [
        'status',
        'currency',
        'settlements',
        'totalMinor',
        'payableMinor',
        'waiverMinor',
        'waiverBp',
      ]),
    ).toEqual([
      {
        status: 'APPROVED',
        currency: 'INR',
        settlements: 1,
        totalMinor: 5000000,
        payableMinor: 4000000,
        waiverMinor: 1000000,
        waiverBp: 2000,
      },
      {
        status: 'REJECTED',
        currency: 'INR',
        settlements: 1,
        totalMinor: 1000000,
        payableMinor: 900000,
        waiverMinor: 100000,
        waiverBp: 1000,
      },
    ]);
    expect(settlements.rows.map((row) => row.statusLabel)).toEqual(['Approved', 'Rejected']);
    const receipts = await report(reporter, 'receiptsDeposits');
    expect(
      pick(receipts.rows, [
        'currency',
        'receipts',
        'receivedMinor',
        'depositedMinor',
        'reconciledMinor',
        'undepositedMinor',
      ]),
    ).toEqual([
      {
        currency: 'INR',
        receipts: 2,
        receivedMinor: 450000,
        depositedMinor: 300000,
        reconciledMinor: 300000,
        undepositedMinor: 150000,
      },
    ]);
    const ageing = await report(reporter, 'legalAgeing');
    expect(pick(ageing.rows, ['stage', 'cases', 'age0to30', 'age31to90', 'age91to180', 'age181plus'])).toEqual([
      { stage: 'CASE_FILING', cases: 1, age0to30: 0, age31to90: 0, age91to180: 0, age181plus: 1 },
      { stage: 'NOTICE', cases: 2, age0to30: 1, age31to90: 0, age91to180: 1, age181plus: 0 },
    ]);
  });

  it('dashboard: collections against target, daily collections of 30 days, collections by month', async () => {
    await exec(sql`insert into collection_targets (unit_id, month, currency, target_minor) values
      (${org.branch.id}, '2026-03-01', 'INR', 2000000), (${org.sibling.id}, '2026-03-01', 'USD', 50000),
      (${org.zone.id}, '2026-03-01', 'INR', 3000000), (${org.branch.id}, '2026-02-01', 'INR', 1)`);
    await createPayment(handle.db, a1.id, '2026-02-10', '300.00'); // last month: in the monthly trend only
    await createPayment(handle.db, a1.id, '2025-09-10', '700.00'); // seven months ago: in no trend
    const zone = collectionsDashboardSchema.parse((await reporter.get('/api/collections/dashboard')).json());
    expect(zone.targets).toEqual([
      { currency: 'INR', targetMinor: 3000000, collectedMinor: 1200000 },
      { currency: 'USD', targetMinor: 50000, collectedMinor: 10000 },
    ]);
    expect(zone.dailyCollections).toEqual([
      { date: '2026-03-05', currency: 'INR', amountMinor: 500000 },
      { date: '2026-03-10', currency: 'USD', amountMinor: 10000 },
      { date: '2026-03-15', currency: 'INR', amountMinor: 500000 },
      { date: '2026-03-25', currency: 'INR', amountMinor: 200000 },
    ]);
    expect(zone.monthlyCollections).toEqual([
      { month: '2026-02-01', currency: 'INR', amountMinor: 30000 },
      { month: '2026-03-01', currency: 'INR', amountMinor: 1200000 },
      { month: '2026-03-01', currency: 'USD', amountMinor: 10000 },
    ]);
    const branch = collectionsDashboardSchema.parse((await branchReporter.get('/api/collections/dashboard')).json());
    expect(branch.targets).toEqual([{ currency: 'INR', targetMinor: 2000000, collectedMinor: 1200000 }]);
  });

  it('exports a report as a job: CSV and XLSX files with every row, audited', async () => {
    const queued = await reporter.post('/api/collections/reports/collectionEfficiency/export', {
      format: 'csv',
      query: { by: 'product' },
    });
    expect(queued.statusCode, queued.body).toBe(202);
    const job = queued.json<Job>();
    expect(job.kind).toBe('reports.export');
    await t.app.jobs.drain();
    const done = (await reporter.get(`/api/jobs/${job.id}`)).json<Job>();
    expect(done).toMatchObject({ status: 'DONE', result: { rows: 2 } });
    const file = await reporter.get(`/api/jobs/${job.id}/result`);
    expect(file.statusCode).toBe(200);
    expect(file.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Group,Currency,Accounts,Demand,Collected,Efficiency (%)',
      'Auto,USD,1,0.00,100.00,',
      'Personal,INR,2,10000.00,12000.00,120',
      '',
    ]);
    const audit = await auditRows(handle.db, { action: 'reports.export' });
    expect(audit.some((row) => row.entityId === 'collectionEfficiency')).toBe(true);

    const xlsx = await reporter.post('/api/collections/reports/legalAgeing/export', { format: 'xlsx' });
    expect(xlsx.statusCode).toBe(202);
    await t.app.jobs.drain();
    const xlsxJob = (await reporter.get(`/api/jobs/${xlsx.json<Job>().id}`)).json<Job>();
    expect(xlsxJob).toMatchObject({ status: 'DONE', result: { rows: 2 } });
    expect(xlsxJob.resultFileName).toMatch(/^legalAgeing-2026-03-01-2026-03-31\.xlsx$/);

    const refused = await branchReporter.post('/api/collections/reports/rollRates/export', {
      format: 'csv',
      query: { unitId: org.zone.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual(['unitId']);
  });

  it('stores an export in chunks outside the job row, identical to the screen rows, streamed back and purged', async () => {
    const screen = (await reporter.get('/api/collections/reports/collectionEfficiency?by=account')).json<ReportReply>();
    const queued = await reporter.post('/api/collections/reports/collectionEfficiency/export', {
      format: 'csv',
      query: { by: 'account' },
    });
    const jobId = queued.json<Job>().id;
    await t.app.jobs.drain();
    const [stored] = await rowsOf<{ notInRow: boolean; size: number; chunks: number }>(
      sql`select result_file is null as "notInRow", result_file_size::int as size,
        (select count(*)::int from job_file_chunks c where c.job_id = j.id and c.attempt = j.attempts) as chunks
        from jobs j where id = ${jobId}`,
    );
    expect(stored).toMatchObject({ notInRow: true, chunks: 1 });

    // the file is the screen's rows through the screen's own cell rules, byte for byte
    const line = csvLineWriter(findReport('collectionEfficiency')!.columns);
    const expected = `\uFEFFGroup,Currency,Accounts,Demand,Collected,Efficiency (%)\r\n${screen.rows.map(line).join('')}`;
    expect(screen.rows.length).toBe(3);
    const own = await reporter.get(`/api/jobs/${jobId}/result`);
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe(expected);
    expect(Number(own.headers['content-length'])).toBe(stored!.size);
    expect(Buffer.byteLength(expected)).toBe(stored!.size);
    const downloader = await apiAs(
      t,
      await createStaff(handle.db, org.zone, ['FILE_DOWNLOAD_COLL_SAUTH', 'REPORT_GENERATION_SAUTH']),
      org.zone,
    );
    const download = await downloader.get(`/api/collections/downloads/${jobId}/file`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe(expected);

    // an XLSX export is streamed into chunks too and opens with every row
    const xlsx = await reporter.post('/api/collections/reports/collectionEfficiency/export', {
      format: 'xlsx',
      query: { by: 'account' },
    });
    await t.app.jobs.drain();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (await reporter.get(`/api/jobs/${xlsx.json<Job>().id}/result`)).rawPayload as unknown as ArrayBuffer,
    );
    expect(workbook.worksheets[0]!.rowCount).toBe(4);

    // retention purges the chunks with the job's files: the download is then a 404
    await exec(sql`update jobs set finished_at = finished_at - interval '400 days' where id = ${jobId}`);
    const deps = { db: handle.db, clock: t.clock, config: t.config } as unknown as AppDeps;
    const purged = await runRetention(deps, {
      requestId: 'test-retention',
      ip: '127.0.0.1',
      user: null,
      actingUnit: null,
      app: null,
    });
    expect(purged.jobFiles).toBeGreaterThanOrEqual(1);
    const [left] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from job_file_chunks where job_id = ${jobId}`,
    );
    expect(left!.n).toBe(0);
    expect((await reporter.get(`/api/jobs/${jobId}/result`)).statusCode).toBe(404);
  });

  it("a job file in many chunks reads back whole; an earlier attempt's chunks go, a discarded attempt keeps none", async () => {
    const [job] = await rowsOf<{ id: number | string }>(
      sql`insert into jobs (kind, status, payload, attempts) values ('reports.export', 'RUNNING', '{}'::jsonb, 2)
        returning id`,
    );
    const id = Number(job!.id);
    // a crash after an earlier attempt committed its chunks
    await exec(
      sql`insert into job_file_chunks (job_id, attempt, seq, bytes) values (${id}, 1, 0, ${Buffer.from('stale')})`,
    );
    const text = 'Zeile äöü ₹ — '.repeat(50);
    const size = await handle.db.transaction(async (tx) => {
      const out = new JobFileWriter(tx, { id, attempt: 2 }, 7);
      await out.begin();
      for (const part of text.match(/.{1,13}/gsu)!) {
        out.write(part);
        await out.flushIfFull();
      }
      return out.finish();
    });
    expect(size).toBe(Buffer.byteLength(text));
    const chunkCount = sql`select count(*)::int as n, count(*) filter (where attempt <> 2)::int as other
      from job_file_chunks where job_id = ${id}`;
    expect(await rowsOf(chunkCount)).toEqual([{ n: Math.ceil(size / 7), other: 0 }]);
    const file = { fileName: 'f.csv', contentType: 'text/csv', body: null, chunks: { jobId: id, attempt: 2, size } };
    const parts: Buffer[] = [];
    for await (const part of jobFileContent(handle.db, file) as AsyncIterable<Buffer>) parts.push(part);
    expect(Buffer.concat(parts).toString('utf8')).toBe(text);

    // attempt 1 finishing late (its lease lost) leaves the job alone and its own chunks go
    await exec(
      sql`insert into job_file_chunks (job_id, attempt, seq, bytes) values (${id}, 1, 0, ${Buffer.from('late')})`,
    );
    const now = new Date();
    const stored = { fileName: 'f.csv', contentType: 'text/csv', stored: { size } };
    expect(await completeJob(handle.db, { id, attempt: 1, result: null, file: stored, now })).toBe(false);
    expect(await completeJob(handle.db, { id, attempt: 2, result: null, file: stored, now })).toBe(true);
    expect(await rowsOf(chunkCount)).toEqual([{ n: Math.ceil(size / 7), other: 0 }]);
  });

  it('exports every report and grouping as the screen shows it, byte for byte, in English and Hindi, with awkward names', async () => {
    // A name with a comma, quotes and a formula start, and a unit name with a line break: quoted, guarded, kept.
    const [before] = await rowsOf<{ fullName: string; unitName: string }>(
      sql`select (select full_name from users where id = ${agentY.id}) as "fullName",
        (select name from units where id = ${org.sibling.id}) as "unitName"`,
    );
    await exec(sql`update users set full_name = ${'=Bala, "Field"'} where id = ${agentY.id}`);
    await exec(sql`update units set name = ${'@Sibling\r\nBranch'} where id = ${org.sibling.id}`);
    try {
      const cases = [
        ...(['bucket', 'product', 'branch', 'agent', 'account'] as const).map((by) => ({
          key: 'collectionEfficiency',
          query: `?by=${by}`,
          body: { by },
        })),
        ...REPORT_KEYS.filter((key) => key !== 'collectionEfficiency').map((key) => ({ key, query: '', body: {} })),
      ];
      const files: string[] = [];
      for (const language of ['en', 'hi']) {
        for (const { key, query, body } of cases) {
          const headers = { 'accept-language': language };
          const screen = await reporter.inject({
            method: 'GET',
            url: `/api/collections/reports/${key}${query}`,
            headers,
          });
          expect(screen.statusCode, screen.body).toBe(200);
          const queued = await reporter.inject({
            method: 'POST',
            url: `/api/collections/reports/${key}/export`,
            headers,
            payload: { format: 'csv', query: body },
          });
          expect(queued.statusCode, queued.body).toBe(202);
          await t.app.jobs.drain();
          const file = await reporter.get(`/api/jobs/${queued.json<Job>().id}/result`);
          expect(file.statusCode).toBe(200);
          files.push(file.body);
          const rows = screen.json<ReportReply>().rows;
          expect(rows.length, `${key}${query}`).toBeGreaterThan(0);
          const line = csvLineWriter(findReport(key as ReportKey)!.columns);
          const firstLineEnd = file.body.indexOf('\r\n') + 2;
          expect(file.body.slice(firstLineEnd), `${key}${query} (${language})`).toBe(rows.map(line).join(''));
        }
      }
      // the awkward values were in the files: quoted, inner quotes doubled, a formula start guarded (a branch's
      // label begins with its code)
      expect(files.some((body) => body.includes(`"'=Bala, ""Field"""`))).toBe(true);
      expect(files.some((body) => body.includes(`${org.sibling.code} @Sibling\r\nBranch"`))).toBe(true);
    } finally {
      await exec(sql`update users set full_name = ${before!.fullName} where id = ${agentY.id}`);
      await exec(sql`update units set name = ${before!.unitName} where id = ${org.sibling.id}`);
    }
  });
});

import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { stageTrayPageSchema, type StageTrayPage } from '@recovery-desk/domain/workflow/contracts.ts';
import { BUILT_IN_DEFINITIONS } from '@recovery-desk/domain/workflow/definitions/catalogue.ts';
import { LEGAL_S138_CASE } from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import { withTransaction } from '../../src/db/transaction.ts';
import { startCaseInTx } from '../../src/modules/workflow/services/start-case.ts';
import { ensureOrganisation, uniqueName } from '../factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';
import {
  act,
  apiAs,
  caseView,
  createLegalCase,
  createLegalOrg,
  createLegalStaff,
  createNpaAccount,
  errorOf,
  grantAuthorities,
  OFFICER_AUTHORITIES,
  stageValues,
  testDeps,
  unitContextOf,
  type Api,
  type LegalCase,
  type LegalCaseContext,
} from './factories.ts';

const TRAY = '/api/workflow/LEGAL/stages';

describe.each(testDatabaseKinds())('workflow stage trays (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  async function context(): Promise<LegalCaseContext & { managerApi: Api }> {
    const org = await createLegalOrg(handle.db);
    return {
      t,
      org,
      officerApi: await apiAs(t, org.officer, org.branch),
      managerApi: await apiAs(t, org.manager, org.zone),
    };
  }

  async function tray(api: Api, stage: string, query = ''): Promise<StageTrayPage> {
    const response = await api.get(`${TRAY}/${stage}/cases${query ? `?${query}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return stageTrayPageSchema.parse(response.json());
  }

  const ids = (page: StageTrayPage) => page.data.map((row) => row.caseId);
  const idsOf = (...cases: LegalCase[]) => cases.map((legal) => legal.caseId);

  async function saveFields(api: Api, caseId: number, fields: Record<string, string | number | boolean | null>) {
    const view = await caseView(api, caseId);
    const response = await api.post(`/api/workflow/cases/${caseId}/fields`, { version: view.case.version, fields });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('puts cases in the pending, approved, rejected and pushback tabs of a stage, with counts', async () => {
    const ctx = await context();
    const { managerApi } = ctx;
    const pending = await createLegalCase(ctx, { stage: 'FILING_APPROVAL' });
    const approved = await createLegalCase(ctx, { stage: 'FILING_APPROVAL' });
    const rejected = await createLegalCase(ctx, { stage: 'FILING_APPROVAL' });
    const pushedBack = await createLegalCase(ctx, { stage: 'FILING_APPROVAL' });
    expect((await act(managerApi, approved.caseId, 'approve')).statusCode).toBe(200);
    expect(
      (
        await act(managerApi, rejected.caseId, 'reject', {
          remarks: 'Time barred',
          fields: { rejectionReason: 'TIME_BARRED' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await act(managerApi, pushedBack.caseId, 'pushback', { remarks: 'Memo copy unreadable' })).statusCode).toBe(
      200,
    );

    // An approval stage opens in Team View: the manager sees the zone's cases.
    const page = await tray(managerApi, 'FILING_APPROVAL');
    expect(ids(page)).toEqual(idsOf(pending));
    expect(page.tabCounts).toEqual({ pendingApproval: 1, approved: 1, rejected: 1, pushback: 0 });
    expect(page.count).toBe(1);
    expect(page.data[0]).toMatchObject({
      caseNo: pending.caseNo,
      stage: 'FILING_APPROVAL',
      status: 'Recommended',
      makerUserId: ctx.org.officer.id,
      makerName: 'Leela Officer',
      assignedName: 'Leela Officer',
      unitCode: ctx.org.branch.code,
      accountNo: pending.account.accountNo,
      dpd: 120,
      totalDueAmount: '25000.00',
      isClosed: false,
    });
    expect(ids(await tray(managerApi, 'FILING_APPROVAL', 'tab=approved'))).toEqual(idsOf(approved));
    const rejectedTab = await tray(managerApi, 'FILING_APPROVAL', 'tab=rejected');
    expect(ids(rejectedTab)).toEqual(idsOf(rejected));
    expect(rejectedTab.data[0]).toMatchObject({ stage: 'REJECT_TRAY', status: 'Rejected' });
    expect(ids(await tray(managerApi, 'FILING_APPROVAL', 'tab=pushback'))).toEqual([]);

    // The pushed-back case waits in the initiation tray's pushback tab (the officer's My View).
    const initiate = await tray(ctx.officerApi, 'INITIATE', 'tab=pushback');
    expect(ids(initiate)).toEqual(idsOf(pushedBack));
    expect(initiate.tabCounts.pushback).toBe(1);
    // The reject tray holds the rejected case in its rejected tab (open at the stage with status Rejected); it is not
    // an approval stage, so it opens in My View (the case stays assigned to the officer).
    expect(ids(await tray(managerApi, 'REJECT_TRAY', 'tab=rejected'))).toEqual([]);
    const rejectTray = await tray(managerApi, 'REJECT_TRAY', 'tab=rejected&view=team');
    expect(ids(rejectTray)).toEqual(idsOf(rejected));
    expect(rejectTray.tabCounts).toEqual({ pendingApproval: 0, approved: 0, rejected: 1, pushback: 0 });
  });

  it('My View holds the cases assigned to me; Team View the acting unit and below', async () => {
    const ctx = await context();
    const { org } = ctx;
    const colleague = await createLegalStaff(handle.db, org.branch, OFFICER_AUTHORITIES);
    const zoneLead = await createLegalStaff(handle.db, org.zone, ['LEGAL_INIT_SAUTH']);
    const siblingOfficer = await createLegalStaff(handle.db, org.sibling, OFFICER_AUTHORITIES);
    const foreignOfficer = await createLegalStaff(handle.db, org.foreign, OFFICER_AUTHORITIES);
    const mine = await createLegalCase(ctx, { stage: 'INITIATE' });
    const theirs = await createLegalCase(ctx, { stage: 'INITIATE', assignedUserId: colleague.id });
    const siblingApi = await apiAs(t, siblingOfficer, org.sibling);
    const sibling = await createLegalCase(
      { ...ctx, org: { ...org, officer: siblingOfficer, branch: org.sibling }, officerApi: siblingApi },
      { stage: 'INITIATE', account: await createNpaAccount(handle.db, org.sibling) },
    );
    await createLegalCase(
      {
        ...ctx,
        org: { ...org, officer: foreignOfficer, branch: org.foreign },
        officerApi: await apiAs(t, foreignOfficer, org.foreign),
      },
      { stage: 'INITIATE', account: await createNpaAccount(handle.db, org.foreign) },
    );

    expect(ids(await tray(ctx.officerApi, 'INITIATE'))).toEqual(idsOf(mine));
    expect(ids(await tray(ctx.officerApi, 'INITIATE', 'view=my'))).toEqual(idsOf(mine));
    expect(ids(await tray(ctx.officerApi, 'INITIATE', 'view=team')).sort()).toEqual(idsOf(mine, theirs).sort());
    const zone = await apiAs(t, zoneLead, org.zone);
    expect(ids(await tray(zone, 'INITIATE', 'view=team')).sort()).toEqual(idsOf(mine, theirs, sibling).sort());
    expect(ids(await tray(zone, 'INITIATE'))).toEqual([]);
    expect(ids(await tray(siblingApi, 'INITIATE', 'view=team'))).toEqual(idsOf(sibling));
    const colleagueApi = await apiAs(t, colleague, org.branch);
    expect(ids(await tray(colleagueApi, 'INITIATE'))).toEqual(idsOf(theirs));
  });

  it('filters by case number, account number or customer name, case type, overdue and DPD', async () => {
    const ctx = await context();
    const { org, officerApi } = ctx;
    const name = uniqueName('Zebulon');
    const zeb = await createLegalCase(ctx, {
      stage: 'INITIATE',
      account: await createNpaAccount(handle.db, org.branch, { customerName: `${name} Rao`, dpd: 95 }),
    });
    const mandate = await createLegalCase(ctx, {
      stage: 'INITIATE',
      fields: { caseType: 'S25' },
      account: await createNpaAccount(handle.db, org.branch, { dpd: 200 }),
    });
    const overdue = await createLegalCase(ctx, { stage: 'INITIATE' });
    const onTime = await createLegalCase(ctx, { stage: 'INITIATE' });
    // Notice due 30 days after the memo: 8 Feb has passed on the business date (31 Mar), 19 Apr has not.
    await saveFields(officerApi, overdue.caseId, { returnMemoReceivedDate: '2026-01-09' });
    await saveFields(officerApi, onTime.caseId, { returnMemoReceivedDate: '2026-03-20' });

    const all = await tray(officerApi, 'INITIATE');
    expect(all.count).toBe(4);
    expect(all.data.find((row) => row.caseId === overdue.caseId)).toMatchObject({
      dueOn: '2026-02-08',
      isOverdue: true,
    });
    expect(all.data.find((row) => row.caseId === onTime.caseId)).toMatchObject({
      dueOn: '2026-04-19',
      isOverdue: false,
    });

    expect(ids(await tray(officerApi, 'INITIATE', `q=${encodeURIComponent(name.toLowerCase())}`))).toEqual(idsOf(zeb));
    expect(ids(await tray(officerApi, 'INITIATE', `q=${encodeURIComponent(mandate.caseNo)}`))).toEqual(idsOf(mandate));
    expect(
      ids(await tray(officerApi, 'INITIATE', `q=${encodeURIComponent(overdue.account.accountNo.toLowerCase())}`)),
    ).toEqual(idsOf(overdue));
    expect(ids(await tray(officerApi, 'INITIATE', 'q=%25'))).toEqual([]);
    expect(ids(await tray(officerApi, 'INITIATE', 'caseType=S25'))).toEqual(idsOf(mandate));
    expect(ids(await tray(officerApi, 'INITIATE', 'overdueOnly=true'))).toEqual(idsOf(overdue));
    expect(ids(await tray(officerApi, 'INITIATE', 'overdueOnly=false')).length).toBe(4);
    expect(ids(await tray(officerApi, 'INITIATE', 'dpdFrom=150'))).toEqual(idsOf(mandate));
    expect(ids(await tray(officerApi, 'INITIATE', 'dpdTo=100'))).toEqual(idsOf(zeb));
    expect(ids(await tray(officerApi, 'INITIATE', 'products=AUTO'))).toEqual([]);
    expect((await tray(officerApi, 'INITIATE', 'products=PERSONAL')).count).toBe(4);
    // Counts follow the filters.
    expect((await tray(officerApi, 'INITIATE', 'caseType=S25')).tabCounts).toEqual({
      pendingApproval: 1,
      approved: 0,
      rejected: 0,
      pushback: 0,
    });
  });

  it('sorts by the definition’s sortable columns with a stable tiebreak, and pages', async () => {
    const ctx = await context();
    const { org, officerApi } = ctx;
    const cases: LegalCase[] = [];
    for (let index = 0; index < 12; index += 1) {
      cases.push(
        await createLegalCase(ctx, {
          stage: 'INITIATE',
          account: await createNpaAccount(handle.db, org.branch, { dpd: 100 + (index % 4) * 10 }),
        }),
      );
    }
    await saveFields(officerApi, cases[3]!.caseId, { claimAmount: '900000.00' });
    await saveFields(officerApi, cases[7]!.caseId, { claimAmount: '85000.50' });
    await saveFields(officerApi, cases[5]!.caseId, { claimAmount: '100000' });

    // Default: due date (none yet) then case id.
    const first = await tray(officerApi, 'INITIATE', 'pageSize=10');
    expect(first).toMatchObject({ count: 12, page: 1, pageSize: 10 });
    expect(ids(first)).toEqual(idsOf(...cases.slice(0, 10)));
    const second = await tray(officerApi, 'INITIATE', 'pageSize=10&page=2');
    expect(ids(second)).toEqual(idsOf(...cases.slice(10)));
    expect(ids(await tray(officerApi, 'INITIATE', 'pageSize=10&page=3'))).toEqual([]);

    const byDpd = await tray(officerApi, 'INITIATE', 'sort=dpd&order=desc&pageSize=25');
    expect(byDpd.data.map((row) => row.dpd)).toEqual([130, 130, 130, 120, 120, 120, 110, 110, 110, 100, 100, 100]);
    const tiedAt130 = byDpd.data.slice(0, 3).map((row) => row.caseId);
    expect(tiedAt130).toEqual([...tiedAt130].sort((a, b) => a - b));

    // A money field sorts as a number; cases without it come last.
    const byClaim = await tray(officerApi, 'INITIATE', 'sort=claimAmount&order=desc&pageSize=25');
    expect(ids(byClaim).slice(0, 3)).toEqual(idsOf(cases[3]!, cases[5]!, cases[7]!));
    const byClaimAsc = await tray(officerApi, 'INITIATE', 'sort=claimAmount&order=asc&pageSize=25');
    expect(ids(byClaimAsc).slice(0, 3)).toEqual(idsOf(cases[7]!, cases[5]!, cases[3]!));

    // Money sorts within its currency (INR, then USD): a USD claim of 900,000 is not the biggest rupee claim.
    await handle.db.execute(
      sql`update accounts set currency = 'USD' where id = (select account_id from cases where id = ${cases[3]!.caseId})`,
    );
    const byClaimInCurrency = ids(await tray(officerApi, 'INITIATE', 'sort=claimAmount&order=desc&pageSize=25'));
    expect(byClaimInCurrency.slice(0, 2)).toEqual(idsOf(cases[5]!, cases[7]!));
    expect(byClaimInCurrency.at(-1)).toBe(cases[3]!.caseId);
    const byClaimInCurrencyAsc = ids(await tray(officerApi, 'INITIATE', 'sort=claimAmount&order=asc&pageSize=25'));
    expect(byClaimInCurrencyAsc.slice(0, 2)).toEqual(idsOf(cases[7]!, cases[5]!));
    expect(byClaimInCurrencyAsc.at(-1)).toBe(cases[3]!.caseId);

    const byCaseNo = await tray(officerApi, 'INITIATE', 'sort=caseNo&order=desc&pageSize=25');
    expect(byCaseNo.data.map((row) => row.caseNo)).toEqual(
      cases.map((legal) => legal.caseNo).sort((a, b) => (a < b ? 1 : -1)),
    );
  });

  it('serves a tray for every stage of every built-in workflow to holders of its authority', async () => {
    const ctx = await context();
    const everything = await createLegalStaff(handle.db, ctx.org.zone, []);
    // Workflows of one app share some stage authorities (the partial payment stages of repossession and SARFAESI).
    const byApp = new Map<string, Set<string>>();
    for (const definition of BUILT_IN_DEFINITIONS) {
      const codes = byApp.get(definition.app) ?? new Set<string>();
      for (const stage of definition.stages) codes.add(stage.authority);
      byApp.set(definition.app, codes);
    }
    for (const [app, codes] of byApp) await grantAuthorities(handle.db, everything, ctx.org.zone, app, [...codes]);
    const api = await apiAs(t, everything, ctx.org.zone);
    for (const definition of BUILT_IN_DEFINITIONS) {
      for (const stage of definition.stages) {
        const url = `/api/workflow/${definition.code}/stages/${stage.code}/cases?view=team`;
        const response = await api.get(url);
        expect(response.statusCode, url).toBe(200);
        stageTrayPageSchema.parse(response.json());
      }
    }
    // A repossession case appears in its stage tray; the NPA flag column exports as Yes / No.
    const repo = await createNpaAccount(handle.db, ctx.org.branch, { product: 'AUTO' });
    await withTransaction(handle.db, (tx) =>
      startCaseInTx(tx, testDeps(t), unitContextOf(everything, ctx.org.zone), {
        definitionCode: 'REPOSSESSION',
        accountId: repo.id,
        fields: {},
      }),
    );
    const listed = await api.get('/api/workflow/REPOSSESSION/stages/RepoInitiate/cases?view=team');
    const page = stageTrayPageSchema.parse(listed.json());
    expect(page.data.map((row) => row.accountNo)).toEqual([repo.accountNo]);
    expect(page.data[0]!.caseNo).toMatch(/^REP\/2026\/\d{6}$/);
    expect(listed.json<{ data: Record<string, unknown>[] }>().data[0]).not.toHaveProperty('npaFlag');
    const csv = await api.get('/api/workflow/REPOSSESSION/stages/RepoInitiate/cases/export?format=csv&view=team');
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, line] = csv.body.trimEnd().split('\r\n');
    const npaColumn = header!.split(',').indexOf('NPA flag');
    expect(npaColumn).toBeGreaterThan(-1);
    expect(line!.split(',')[npaColumn]).toBe('Yes');
  });

  it('answers 400 naming the field for a bad query, and 403 without the stage authority', async () => {
    const ctx = await context();
    const { officerApi, org } = ctx;
    const refused: [string, string][] = [
      ['pageSize=7', 'pageSize'],
      ['page=0', 'page'],
      ['tab=closed', 'tab'],
      ['view=everyone', 'view'],
      ['dpdFrom=10&dpdTo=5', 'dpdTo'],
      ['products=BOAT', 'products'],
      ['caseType=s138', 'caseType'],
      ['caseType=LOK_ADALAT', 'caseType'],
      ['overdueOnly=yes', 'overdueOnly'],
      ['sort=product', 'sort'],
      ['sort=nonsense', 'sort'],
      ['order=up', 'order'],
    ];
    for (const [query, field] of refused) {
      const response = await officerApi.get(`${TRAY}/INITIATE/cases?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).fields, query).toContain(field);
    }
    const approver = await apiAs(t, org.manager, org.zone);
    const forbidden = await approver.get(`${TRAY}/INITIATE/cases`);
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden).code).toBe('AUTHORITY_MISSING');
    expect((await approver.get(`${TRAY}/INITIATE/cases/export?format=csv`)).statusCode).toBe(403);
  });

  it('exports the current view as CSV and XLSX with formula cells escaped', async () => {
    const ctx = await context();
    const { org, officerApi } = ctx;
    const risky = await createLegalCase(ctx, {
      stage: 'INITIATE',
      account: await createNpaAccount(handle.db, org.branch, { customerName: '=HYPERLINK("http://x","y")' }),
    });
    const plain = await createLegalCase(ctx, { stage: 'INITIATE' });
    await saveFields(officerApi, plain.caseId, stageValues('INITIATE', LEGAL_S138_CASE));
    await createLegalCase(ctx, { stage: 'INITIATE', fields: { caseType: 'S25' } });
    const plainName = (await tray(officerApi, 'INITIATE')).data.find(
      (row) => row.caseId === plain.caseId,
    )!.customerName;

    const csv = await officerApi.get(`${TRAY}/INITIATE/cases/export?format=csv&caseType=S138&sort=caseNo`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="legal-initiate-pendingApproval-2026-03-31.csv"',
    );
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Case no,Account no,Customer name,Product,DPD,Currency,Total due amount,Case type,Claim amount,Status,' +
        'In stage since,Due on,Return memo received on',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(
      `${risky.caseNo},${risky.account.accountNo},"'=HYPERLINK(""http://x"",""y"")",Personal,120,INR,25000.00,` +
        'Cheque dishonour (§138 NI Act),,Initiated,2026-03-31,,',
    );
    expect(lines[2]).toBe(
      `${plain.caseNo},${plain.account.accountNo},${plainName},Personal,120,INR,25000.00,` +
        'Cheque dishonour (§138 NI Act),250000.00,Initiated,2026-03-31,2026-02-08,2026-01-09',
    );

    const xlsx = await officerApi.get(`${TRAY}/INITIATE/cases/export?format=xlsx&caseType=S138&sort=caseNo`);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('INITIATE')!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(3).value).toBe('\'=HYPERLINK("http://x","y")');
    expect(sheet.getRow(3).getCell(9).value).toBe(250000);
    expect(sheet.getRow(3).getCell(12).value).toBe('2026-02-08');

    const audits = await auditRows(handle.db, { action: 'workflow.export', entityId: 'LEGAL/INITIATE' });
    expect(audits.at(-1)!.after).toMatchObject({ format: 'xlsx', rows: 2, tab: 'pendingApproval', view: 'my' });
    const bad = await officerApi.get(`${TRAY}/INITIATE/cases/export?format=pdf`);
    expect(errorOf(bad).fields).toContain('format');
  });
});

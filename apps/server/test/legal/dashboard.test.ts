import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { legalDashboardSchema, type LegalDashboard } from '@recovery-desk/domain/legal/contracts.ts';
import { LEGAL_DEFINITION } from '@recovery-desk/domain/workflow/definitions/legal.ts';
import { ensureOrganisation } from '../factories.ts';
import { apiAs, createOrg, createStaff, errorOf, type Api, type Org } from '../collections/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  actOk,
  addCaseDocument,
  createBouncedCheque,
  createLegalStaff,
  createPoolAccount,
  initiateS138,
  MANAGER_AUTHORITIES,
  OFFICER_AUTHORITIES,
  resetLegalSettings,
  setBusinessDate,
  walkNoticeToCourt,
  walkToNotice,
} from './factories.ts';

// The legal dashboard: per stage the tabs' counts and overdue cases of the acting unit's subtree, whether the
// caller may open each stage's tray, totals, the most overdue cases and the hearings of the next two weeks.

describe.each(testDatabaseKinds())('legal dashboard (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let officer: Api;
  let manager: Api;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
    officer = await apiAs(t, await createLegalStaff(handle.db, org.branch, OFFICER_AUTHORITIES), org.branch);
    manager = await apiAs(t, await createLegalStaff(handle.db, org.branch, MANAGER_AUTHORITIES), org.branch);
  });
  afterEach(async () => {
    await resetLegalSettings(handle.db);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  const dashboard = async (api: Api): Promise<LegalDashboard> => {
    const response = await api.get('/api/legal/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    return legalDashboardSchema.parse(response.json());
  };
  const civilCase = async () => {
    const account = await createPoolAccount(handle.db, { unit: org.branch });
    const response = await officer.post('/api/legal/pool/initiate', {
      accountIds: [account.id],
      caseType: 'CIVIL_SUIT',
    });
    expect(response.statusCode, response.body).toBe(200);
    const caseId = response.json<{ cases: { caseId: number }[] }>().cases[0]!.caseId;
    return { account, caseId };
  };
  const toFilingApproval = async (caseId: number) => {
    await addCaseDocument(officer, caseId, 'loanAgreement');
    await addCaseDocument(officer, caseId, 'statementOfAccount');
    await actOk(officer, caseId, 'recommend', { stage: 'FILING_APPROVAL', status: 'Recommended' });
  };

  it('counts the subtree’s cases per stage and tab, overdue cases, totals and upcoming hearings', async () => {
    await civilCase(); // waits at INITIATE
    const pushedBack = await civilCase();
    await toFilingApproval(pushedBack.caseId);
    await actOk(
      manager,
      pushedBack.caseId,
      'pushback',
      { stage: 'INITIATE', status: 'Pushback' },
      { remarks: 'Add SOA' },
    );
    const rejected = await civilCase();
    await toFilingApproval(rejected.caseId);
    await actOk(
      manager,
      rejected.caseId,
      'reject',
      { stage: 'REJECT_TRAY', status: 'Rejected' },
      { remarks: 'Time barred', fields: { rejectionReason: 'TIME_BARRED' } },
    );
    const waiting = await civilCase();
    await toFilingApproval(waiting.caseId);

    const court = await createPoolAccount(handle.db, { unit: org.branch, customerName: 'Devika Menon' });
    await createBouncedCheque(handle.db, court.id);
    const inCourt = await initiateS138(officer, court.id);
    await walkToNotice(officer, manager, inCourt.caseId);
    await walkNoticeToCourt(handle.db, officer, inCourt.caseId);

    // On 25 April: the filing approval waiting since 31 March is past its 3-day SLA; the hearing of 5 May is near.
    await setBusinessDate(handle.db, '2026-04-25');
    await createPoolAccount(handle.db, { unit: org.branch }); // the one account left in the pool
    const declined = await createPoolAccount(handle.db, { unit: org.branch });
    const decline = await officer.post('/api/legal/pool/decline', { accountIds: [declined.id], remarks: 'Not fit' });
    expect(decline.statusCode, decline.body).toBe(200);

    const view = await dashboard(officer);
    expect(view.businessDate).toBe('2026-04-25');
    expect(view.stages.map((stage) => stage.stage)).toEqual(
      LEGAL_DEFINITION.stages.filter((stage) => stage.code !== 'POOL').map((stage) => stage.code),
    );
    const stage = (code: string) => view.stages.find((entry) => entry.stage === code)!;
    expect(stage('INITIATE')).toMatchObject({
      labelKey: 'InitiateLegal',
      routeSlug: 'initiateLegal',
      canOpen: true,
      open: 2,
      pendingApproval: 1,
      pushback: 1,
      rejected: 0,
      overdue: 0,
    });
    expect(stage('FILING_APPROVAL')).toMatchObject({
      canOpen: false,
      open: 1,
      pendingApproval: 1,
      pushback: 0,
      rejected: 1,
      overdue: 1,
    });
    expect(stage('REJECT_TRAY')).toMatchObject({ canOpen: true, open: 1, pendingApproval: 0, rejected: 1 });
    expect(stage('COURT_CASE_UPDATE')).toMatchObject({ canOpen: true, open: 1, pendingApproval: 1, overdue: 0 });
    expect(stage('MANAGER')).toMatchObject({ canOpen: false, open: 0 });
    expect(view.poolCount).toBe(1);
    expect(view.totals).toEqual({ open: 5, overdue: 1, closedThisMonth: 1 });
    expect(view.overdueCases).toEqual([
      expect.objectContaining({
        caseId: waiting.caseId,
        accountId: waiting.account.id,
        accountNo: waiting.account.accountNo,
        stage: 'FILING_APPROVAL',
        stageLabelKey: 'LegalFilingApproval',
        routeSlug: 'legalFilingApproval',
        dueOn: '2026-04-03',
        daysOverdue: 22,
      }),
    ]);
    expect(view.upcomingHearings).toEqual([
      {
        caseId: inCourt.caseId,
        caseNo: inCourt.caseNo,
        accountId: court.id,
        customerName: 'Devika Menon',
        court: 'MH-MUM-JMFC-12',
        hearingDate: '2026-05-05',
      },
    ]);

    // The manager sees the same work, and may open the approval trays.
    const managerView = await dashboard(manager);
    expect(managerView.stages.find((entry) => entry.stage === 'FILING_APPROVAL')?.canOpen).toBe(true);
    expect(managerView.stages.find((entry) => entry.stage === 'INITIATE')?.canOpen).toBe(false);

    // Another zone's legal officer sees none of it.
    const foreign = await apiAs(t, await createLegalStaff(handle.db, org.foreign, ['LEGAL_POOL_SAUTH']), org.foreign);
    const foreignView = await dashboard(foreign);
    expect(foreignView.totals).toEqual({ open: 0, overdue: 0, closedThisMonth: 0 });
    expect(foreignView.upcomingHearings).toEqual([]);
    expect(foreignView.poolCount).toBe(0);
    expect(foreignView.stages.every((entry) => !entry.canOpen && entry.open === 0)).toBe(true);
  });

  it('is refused (403) to a user without any legal authority in the unit', async () => {
    const collector = await apiAs(t, await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']), org.branch);
    const response = await collector.get('/api/legal/dashboard');
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('AUTHORITY_MISSING');
  });
});

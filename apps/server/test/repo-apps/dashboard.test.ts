import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { repoDashboardSchema, type RepoDashboard } from '@recovery-desk/domain/repo/contracts.ts';
import { REPOSSESSION_DEFINITION } from '@recovery-desk/domain/workflow/definitions/repossession.ts';
import { SARFAESI_DEFINITION } from '@recovery-desk/domain/workflow/definitions/sarfaesi.ts';
import { stageTrayPageSchema } from '@recovery-desk/domain/workflow/contracts.ts';
import { BUSINESS_DATE, ensureOrganisation } from '../factories.ts';
import { createOrg, errorOf, type Org } from '../collections/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { apiAs, setBusinessDate, type Api } from '../workflow/factories.ts';
import { createRepoStaff, recommendInitiation, startRepoCase } from './factories.ts';
import {
  closeSarfaesiSale,
  createStaff,
  REPO_DIRECT_SALE,
  step,
  type Staff,
  walkRepossessionToClosure,
} from '../secured-assets/factories.ts';

// The repossession dashboard (/Reposition, DASH_REPO_SAUTH): per workflow (REPOSSESSION, SARFAESI) and stage the tab
// counts, overdue and ageing of the acting unit's subtree, whether the caller may open each stage's tray, totals, and
// the overdue cases with the date rules that make them due; and the recoveries of the closed cases (secured_closures)
// per workflow and currency, this month, this financial year and all time.

const OFFICER = ['DASH_REPO_SAUTH', 'REPO_INITIATE_SAUTH', 'SARF_INIT_SAUTH'];

describe.each(testDatabaseKinds())('repossession dashboard (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let officer: Api;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
    officer = await apiAs(t, await createRepoStaff(handle.db, org.branch, OFFICER), org.branch);
  });
  afterAll(async () => {
    await setBusinessDate(handle.db, BUSINESS_DATE);
    await t.close();
    await handle.close();
  });

  const dashboard = async (api: Api): Promise<RepoDashboard> => {
    const response = await api.get('/api/repo/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    return repoDashboardSchema.parse(response.json());
  };

  it('counts the subtree’s cases per workflow and stage, ageing and overdue, with the rules that are due', async () => {
    const user = await createRepoStaff(handle.db, org.branch, OFFICER);
    const waiting = await startRepoCase(t, user, org.branch, 'REPOSSESSION');
    const recommended = await startRepoCase(t, user, org.branch, 'REPOSSESSION');
    await recommendInitiation(officer, recommended.caseId);
    await startRepoCase(t, user, org.branch, 'SARFAESI');
    const older = await startRepoCase(t, user, org.branch, 'SARFAESI');
    // Back-dated: this SARFAESI initiation has waited at its stage since January.
    await handle.db.execute(sql`update cases set stage_entered_on = '2026-01-10' where id = ${older.caseId}`);
    // Another zone's case is not counted.
    const foreignUser = await createRepoStaff(handle.db, org.foreign, OFFICER);
    await startRepoCase(t, foreignUser, org.foreign, 'REPOSSESSION');

    // Ten days on, the initiation decision (3 days) is overdue.
    await setBusinessDate(handle.db, '2026-04-10');
    const view = await dashboard(officer);
    expect(view.businessDate).toBe('2026-04-10');
    expect(view.workflows.map((workflow) => workflow.code)).toEqual(['REPOSSESSION', 'SARFAESI']);
    const [repo, sarf] = view.workflows;
    expect(repo!.stages.map((stage) => stage.stage)).toEqual(REPOSSESSION_DEFINITION.stages.map((s) => s.code));
    expect(sarf!.stages.map((stage) => stage.stage)).toEqual(SARFAESI_DEFINITION.stages.map((s) => s.code));
    const stage = (workflow: typeof repo, code: string) => workflow!.stages.find((entry) => entry.stage === code)!;

    expect(stage(repo, 'RepoInitiate')).toMatchObject({
      labelKey: 'RepossessionInitiate',
      routeSlug: 'repoRepoInitiate',
      canOpen: true,
      open: 1,
      pendingApproval: 1,
      overdue: 0,
      ageing: { upTo7: 0, upTo30: 1, upTo90: 0, over90: 0 },
    });
    expect(stage(repo, 'RepoInitiateApproval')).toMatchObject({
      routeSlug: 'repoRepoInitiateApproval',
      canOpen: false,
      open: 1,
      overdue: 1,
      ageing: { upTo7: 0, upTo30: 1, upTo90: 0, over90: 0 },
    });
    expect(repo!.totals).toEqual({ open: 2, overdue: 1, closedThisMonth: 0 });
    expect(repo!.overdueCases).toEqual([
      expect.objectContaining({
        caseId: recommended.caseId,
        accountNo: recommended.accountNo,
        stage: 'RepoInitiateApproval',
        routeSlug: 'repoRepoInitiateApproval',
        dueOn: '2026-04-03',
        daysOverdue: 7,
        rules: [expect.objectContaining({ name: 'REPO_INITIATE_APPROVAL_SLA', labelKey: 'ApprovalSlaDue' })],
      }),
    ]);
    expect(waiting.caseId).not.toBe(recommended.caseId);

    expect(stage(sarf, 'SarfInitiate')).toMatchObject({
      canOpen: true,
      open: 2,
      ageing: { upTo7: 0, upTo30: 1, upTo90: 1, over90: 0 },
    });
    expect(sarf!.totals).toEqual({ open: 2, overdue: 0, closedThisMonth: 0 });

    // The foreign unit's officer sees only the foreign case.
    const foreign = await dashboard(await apiAs(t, foreignUser, org.foreign));
    expect(foreign.workflows[0]!.totals.open).toBe(1);
    expect(foreign.workflows[1]!.totals.open).toBe(0);
    // The zone sees its branches' cases.
    const zoneUser = await createRepoStaff(handle.db, org.zone, ['DASH_REPO_SAUTH']);
    const zone = await dashboard(await apiAs(t, zoneUser, org.zone));
    expect(zone.workflows[0]!.totals.open).toBe(2);
    expect(zone.workflows[0]!.stages.every((entry) => !entry.canOpen)).toBe(true);
  });

  /** A repossession case walked by the direct-sale path to Closure and closed on `date` (sold for 3,95,000.00). */
  async function closeRepossession(staff: Staff, unit: Org['branch'], principal: string, date: string) {
    const { caseId } = await walkRepossessionToClosure(t, staff, unit, principal, date);
    const closed = await step(staff, caseId, 'close', REPO_DIRECT_SALE);
    expect(closed.statusCode, closed.body).toBe(200);
    return caseId;
  }

  /** A SARFAESI case walked to its sale certificate and closed on 2026-09-30 (sold for 39,50,000.00). */
  const closeSarfaesi = async (staff: Staff, unit: Org['branch'], principal: string) =>
    (await closeSarfaesiSale(t, staff, unit, principal)).caseId;

  it('sums the recoveries of the subtree’s closed cases per workflow and period; another unit’s are not counted', async () => {
    const own = await createOrg(handle.db);
    const staff = await createStaff(t, own);
    const viewer = await apiAs(
      t,
      await createRepoStaff(handle.db, own.branch, [
        'DASH_REPO_SAUTH',
        'REPO_ASSET_CLOSE_SAUTH',
        'SARF_ASSET_CLOSE_SAUTH',
      ]),
      own.branch,
    );

    // Before any closure: no currency, no figure.
    await setBusinessDate(handle.db, '2026-06-30');
    expect((await dashboard(viewer)).recoveries).toEqual({
      monthStart: '2026-06-01',
      yearStart: '2026-04-01',
      workflows: [
        { code: 'REPOSSESSION', closureStage: 'Closure', currencies: [] },
        { code: 'SARFAESI', closureStage: 'SarfClosure', currencies: [] },
      ],
    });

    // A sale below the dues (5,12,750.75): 3,95,000 − 18,500 expenses = 3,76,500 applied, 1,36,250.75 shortfall;
    // back-dated into the last financial year.
    const shortfallCase = await closeRepossession(staff, own.branch, '500000.00', '2026-06-30');
    await handle.db.execute(sql`update secured_closures set closed_on = '2026-03-20' where case_id = ${shortfallCase}`);
    // A SARFAESI sale above the dues (30,12,750.75): 39,05,000 net, 8,92,249.25 surplus to refund, on 2026-09-30.
    const sarfCase = await closeSarfaesi(staff, own.branch, '3000000.00');
    // A sale above the dues (3,12,750.75) this month: 63,749.25 surplus, its refund paid.
    const surplusCase = await closeRepossession(staff, own.branch, '300000.00', '2026-09-30');
    const refund = await staff.makerApi.post(`/api/secured-assets/cases/${surplusCase}/closure/refund`, {
      paidOn: '2026-09-30',
      reference: 'UTR12345678',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    // Another organisation's closure (1,12,750.75 due: 2,63,749.25 surplus, its refund due) is not counted.
    const other = await createOrg(handle.db);
    await closeRepossession(await createStaff(t, other), other.branch, '100000.00', '2026-09-30');

    const view = await dashboard(viewer);
    expect(view.recoveries.monthStart).toBe('2026-09-01');
    expect(view.recoveries.yearStart).toBe('2026-04-01');
    const [repo, sarf] = view.recoveries.workflows;
    const shortfallSale = {
      closedCases: 1,
      soldCases: 1,
      proceedsMinor: '39500000',
      expensesMinor: '1850000',
      appliedMinor: '37650000',
      waivedMinor: '0',
      shortfallMinor: '13625075',
      surplusMinor: '0',
      refundDueMinor: '0',
      refundsDue: 0,
      refundPaidMinor: '0',
      refundsPaid: 0,
    };
    const surplusSale = {
      ...shortfallSale,
      appliedMinor: '31275075',
      shortfallMinor: '0',
      surplusMinor: '6374925',
      refundPaidMinor: '6374925',
      refundsPaid: 1,
    };
    expect(repo).toEqual({
      code: 'REPOSSESSION',
      closureStage: 'Closure',
      currencies: [
        {
          currency: 'INR',
          month: surplusSale,
          yearToDate: surplusSale,
          allTime: {
            ...shortfallSale,
            closedCases: 2,
            soldCases: 2,
            proceedsMinor: '79000000',
            expensesMinor: '3700000',
            appliedMinor: '68925075',
            surplusMinor: '6374925',
            refundPaidMinor: '6374925',
            refundsPaid: 1,
          },
        },
      ],
    });
    const sarfSale = {
      closedCases: 1,
      soldCases: 1,
      proceedsMinor: '395000000',
      expensesMinor: '4500000',
      appliedMinor: '301275075',
      waivedMinor: '0',
      shortfallMinor: '0',
      surplusMinor: '89224925',
      refundDueMinor: '89224925',
      refundsDue: 1,
      refundPaidMinor: '0',
      refundsPaid: 0,
    };
    expect(sarf).toEqual({
      code: 'SARFAESI',
      closureStage: 'SarfClosure',
      currencies: [{ currency: 'INR', month: sarfSale, yearToDate: sarfSale, allTime: sarfSale }],
    });

    // The closed cases are their closure stage tray's approved tab (the dashboard links there: the viewer may open it).
    expect(view.workflows[0]!.stages.find((stage) => stage.stage === 'Closure')!.canOpen).toBe(true);
    const approved = async (code: string, stage: string) => {
      const tray = await viewer.get(`/api/workflow/${code}/stages/${stage}/cases?view=team&tab=approved`);
      expect(tray.statusCode, tray.body).toBe(200);
      return stageTrayPageSchema
        .parse(tray.json())
        .data.map((row) => row.caseId)
        .sort((a, b) => a - b);
    };
    expect(await approved('REPOSSESSION', 'Closure')).toEqual([shortfallCase, surplusCase].sort((a, b) => a - b));
    expect(await approved('SARFAESI', 'SarfClosure')).toEqual([sarfCase]);

    // The zone sees its branch's recoveries; the other organisation sees only its own.
    const zone = await dashboard(
      await apiAs(t, await createRepoStaff(handle.db, own.zone, ['DASH_REPO_SAUTH']), own.zone),
    );
    expect(zone.recoveries.workflows[0]!.currencies[0]!.allTime.closedCases).toBe(2);
    const foreign = await dashboard(
      await apiAs(t, await createRepoStaff(handle.db, other.branch, ['DASH_REPO_SAUTH']), other.branch),
    );
    expect(foreign.recoveries.workflows[0]!.currencies[0]!.allTime).toMatchObject({
      closedCases: 1,
      appliedMinor: '11275075',
      surplusMinor: '26374925',
      refundDueMinor: '26374925',
      refundsDue: 1,
    });
    expect(foreign.recoveries.workflows[1]!.currencies).toEqual([]);
  });

  it('is refused (403) without DASH_REPO_SAUTH in the acting unit', async () => {
    const initiator = await apiAs(t, await createRepoStaff(handle.db, org.branch, ['REPO_INITIATE_SAUTH']), org.branch);
    const response = await initiator.get('/api/repo/dashboard');
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('AUTHORITY_MISSING');
  });
});

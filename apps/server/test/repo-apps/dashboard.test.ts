import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { repoDashboardSchema, type RepoDashboard } from '@recovery-desk/domain/repo/contracts.ts';
import { REPOSSESSION_DEFINITION } from '@recovery-desk/domain/workflow/definitions/repossession.ts';
import { SARFAESI_DEFINITION } from '@recovery-desk/domain/workflow/definitions/sarfaesi.ts';
import { BUSINESS_DATE, ensureOrganisation } from '../factories.ts';
import { createOrg, errorOf, type Org } from '../collections/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { apiAs, setBusinessDate, type Api } from '../workflow/factories.ts';
import { createRepoStaff, recommendInitiation, startRepoCase } from './factories.ts';

// The repossession dashboard (/Reposition, DASH_REPO_SAUTH): per workflow (REPOSSESSION, SARFAESI) and stage the tab
// counts, overdue and ageing of the acting unit's subtree, whether the caller may open each stage's tray, totals, and
// the overdue cases with the date rules that make them due.

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

  it('is refused (403) without DASH_REPO_SAUTH in the acting unit', async () => {
    const initiator = await apiAs(t, await createRepoStaff(handle.db, org.branch, ['REPO_INITIATE_SAUTH']), org.branch);
    const response = await initiator.get('/api/repo/dashboard');
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('AUTHORITY_MISSING');
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { REPOSSESSION_CASE, SARFAESI_CASE } from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import type { Org } from '../collections/factories.ts';
import type { TestApp } from '../support/test-app.ts';
import { act, caseView, errorOf, rows } from '../workflow/factories.ts';
import {
  createSecuredAccount,
  startCase,
  stepOk,
  type Staff,
  closeSecuredAssets,
  openSecuredAssets,
} from './factories.ts';

// Maker-checker on the repossession and SARFAESI apps (issue 15): the user who recommended a case cannot approve it,
// even holding the approver's authority, and of N approvals sent at once exactly one moves the case.

const APPS = [
  {
    definition: 'REPOSSESSION',
    sample: REPOSSESSION_CASE,
    initiate: 'RepoInitiate',
    approval: 'RepoInitiateApproval',
    next: 'Notice',
  },
  {
    definition: 'SARFAESI',
    sample: SARFAESI_CASE,
    initiate: 'SarfInitiate',
    approval: 'SarfInitiateApprove',
    next: 'NoticeCapture',
  },
] as const;

describe.each(testDatabaseKinds())('repossession and SARFAESI approvals (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let staff: Staff;

  beforeAll(async () => {
    ({ handle, t, org, staff } = await openSecuredAssets(kind));
  });
  afterAll(() => closeSecuredAssets(handle, t));

  /** A case of `app` recommended by the maker, waiting at its initiation approval. */
  async function awaitingApproval(app: (typeof APPS)[number]): Promise<number> {
    const account = await createSecuredAccount(handle.db, org.branch);
    const { caseId } = await startCase(t, staff.maker, org.branch, app.definition, account.id);
    expect((await caseView(staff.makerApi, caseId)).case.stage).toBe(app.initiate);
    await stepOk(staff, caseId, 'recommend', app.approval, app.sample);
    return caseId;
  }

  const approvals = async (caseId: number) =>
    (
      await rows<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from case_events where case_id = ${caseId} and action = 'approve'`,
      )
    )[0]!.n;

  for (const app of APPS) {
    it(`refuses the maker's own approval of a ${app.definition} case, though the maker holds the authority`, async () => {
      const caseId = await awaitingApproval(app);
      const view = await caseView(staff.makerApi, caseId);
      expect(view.availableActions.find((action) => action.name === 'approve')).toMatchObject({
        enabled: false,
        refusal: { code: 'MAKER_CANNOT_CHECK' },
      });
      const own = await act(staff.makerApi, caseId, 'approve');
      expect(own.statusCode).toBe(403);
      expect(errorOf(own).code).toBe('MAKER_CANNOT_CHECK');
      expect(errorOf(own).detail).toContain('another user');
      const after = await caseView(staff.makerApi, caseId);
      expect(after.case.stage).toBe(app.approval);
      expect(after.case.version).toBe(view.case.version);
      expect(await approvals(caseId)).toBe(0);
      // The checker may.
      const checked = await act(staff.checkerApi, caseId, 'approve');
      expect(checked.statusCode, checked.body).toBe(200);
      expect((await caseView(staff.checkerApi, caseId)).case.stage).toBe(app.next);
    });

    it(`gives exactly one of eight parallel approvals of a ${app.definition} case, with one event`, async () => {
      const caseId = await awaitingApproval(app);
      const view = await caseView(staff.checkerApi, caseId);
      const responses = await Promise.all(
        Array.from({ length: 8 }, () =>
          staff.checkerApi.post(`/api/workflow/cases/${caseId}/actions`, {
            action: 'approve',
            version: view.case.version,
            expectedStage: app.approval,
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      for (const response of responses.filter((r) => r.statusCode === 409)) {
        expect(errorOf(response).code).toBe('STALE_VERSION');
      }
      expect(await approvals(caseId)).toBe(1);
      const after = await caseView(staff.checkerApi, caseId);
      expect(after.case).toMatchObject({ stage: app.next, version: view.case.version + 1 });
    });
  }
});

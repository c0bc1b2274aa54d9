import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { dmFilingReplySchema, dmFilingsReplySchema } from '@recovery-desk/domain/repo/dm-filings.ts';
import { SARFAESI_CASE } from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import type { CaseFields } from '@recovery-desk/domain/workflow/case-fields.ts';
import { createOrg, type Org } from '../collections/factories.ts';
import { ensureOrganisation } from '../factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { apiAs, setBusinessDate } from '../workflow/factories.ts';
import { caseAtStage } from '../secured-assets/auction-factories.ts';
import { createRepoStaff, createStaff, type Staff } from '../secured-assets/factories.ts';

// DM Filing (/Repo/DmFiling): the SARFAESI cases of the subtree in §14 proceedings, where each stands and the
// magistrate's order against the 30-day clock (60 in aggregate), for any user of the repossession app.

const { s14OrderDate, s14OrderNo, commissionerName, physicalPossessionScheduledOn, ...FILED } = SARFAESI_CASE;
void [s14OrderDate, s14OrderNo, commissionerName, physicalPossessionScheduledOn];
const { s14FilingDate, s14ApplicationNo, dmNextHearingDate, ...ALLOCATED } = FILED;
void [s14FilingDate, s14ApplicationNo, dmNextHearingDate];
const { dmAdvocateName, dmAllocationDate, ...POSSESSED } = ALLOCATED;
void [dmAdvocateName, dmAllocationDate];

describe.each(testDatabaseKinds())('DM Filing register (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let staff: Staff;
  const at = (stage: string, fields: CaseFields) => caseAtStage(t, org, staff.maker, 'SARFAESI', stage, fields);

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
    staff = await createStaff(t, org);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  it('lists each proceeding where it stands, with the order clock, counts, filters and search', async () => {
    // Filed on 02-05-2026: the order was due by 01-06-2026 (30 days) and is escalated after 01-07-2026 (60 days).
    await setBusinessDate(handle.db, '2026-06-10');
    const due = await at('AgencyAllocation', POSSESSED);
    const allocated = await at('DmUpdate', ALLOCATED);
    const filed = await at('OrderCapture', FILED);
    const ordered = await at('KitGeneration', { ...FILED, s14OrderDate, s14OrderNo });
    const done = await at('AssetDtlCapture', SARFAESI_CASE);
    await at('NoticeCapture', POSSESSED); // not in §14 proceedings

    const response = await staff.makerApi.get('/api/repo/dm-filings');
    expect(response.statusCode, response.body).toBe(200);
    const reply = dmFilingsReplySchema.parse(response.json());
    expect(reply.count).toBe(5);
    expect(reply.steps).toEqual({ ADVOCATE_DUE: 1, ALLOCATED: 1, FILED: 1, ORDERED: 1, POSSESSION_SCHEDULED: 1 });
    expect(reply.overdue).toBe(1);
    const byCase = new Map(reply.data.map((row) => [row.caseId, row]));
    expect(byCase.get(due.caseId)).toMatchObject({
      step: 'ADVOCATE_DUE',
      clock: 'NOT_FILED',
      stage: 'AgencyAllocation',
    });
    expect(byCase.get(allocated.caseId)).toMatchObject({
      step: 'ALLOCATED',
      advocateName: 'Adv Meera Joshi',
      routeSlug: 'sarfDmUpdate',
    });
    expect(byCase.get(filed.caseId)).toMatchObject({
      step: 'FILED',
      magistrate: 'CMM',
      applicationNo: 'SA/145/2026',
      clock: 'OVERDUE',
      orderDueOn: '2026-06-01',
      escalateOn: '2026-07-01',
      daysSinceFiling: 39,
    });
    expect(byCase.get(ordered.caseId)).toMatchObject({ step: 'ORDERED', clock: 'ORDERED', daysSinceFiling: 30 });
    expect(byCase.get(done.caseId)).toMatchObject({ step: 'POSSESSION_SCHEDULED', commissionerName: 'Adv K Rao' });

    const overdue = dmFilingsReplySchema.parse((await staff.makerApi.get('/api/repo/dm-filings?overdue=true')).json());
    expect(overdue.data.map((row) => row.caseId)).toEqual([filed.caseId]);
    const step = dmFilingsReplySchema.parse((await staff.makerApi.get('/api/repo/dm-filings?step=ALLOCATED')).json());
    expect(step.data.map((row) => row.caseId)).toEqual([allocated.caseId]);
    const search = await staff.makerApi.get(`/api/repo/dm-filings?q=${encodeURIComponent(filed.caseNo)}`);
    expect(dmFilingsReplySchema.parse(search.json()).data.map((row) => row.caseId)).toEqual([filed.caseId]);
    const paged = await staff.makerApi.get('/api/repo/dm-filings?pageSize=10&page=2');
    expect(dmFilingsReplySchema.parse(paged.json())).toMatchObject({ count: 5, page: 2, data: [] });

    // Past 60 days the order is due for escalation.
    await setBusinessDate(handle.db, '2026-07-02');
    const later = await staff.makerApi.get(`/api/repo/dm-filings/${filed.caseId}`);
    expect(later.statusCode, later.body).toBe(200);
    expect(dmFilingReplySchema.parse(later.json()).filing).toMatchObject({ clock: 'ESCALATE', daysSinceFiling: 61 });
  });

  it('names a bad filter, and keeps other units and cases outside the register out', async () => {
    const bad = await staff.makerApi.get('/api/repo/dm-filings?step=LOST');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ detail: string }>().detail).toMatch(/step/);

    const notice = await at('NoticeCapture', POSSESSED);
    expect((await staff.makerApi.get(`/api/repo/dm-filings/${notice.caseId}`)).statusCode).toBe(404);

    const filed = await at('OrderCapture', FILED);
    const other = await createOrg(handle.db);
    const outsider = await apiAs(t, await createRepoStaff(handle.db, other.branch), other.branch);
    expect((await outsider.get(`/api/repo/dm-filings/${filed.caseId}`)).statusCode).toBe(404);
    const theirs = dmFilingsReplySchema.parse((await outsider.get('/api/repo/dm-filings')).json());
    expect(theirs.count).toBe(0);
  });
});

import type { Database } from '@recovery-desk/db/client.ts';
import { addresses, collaterals } from '@recovery-desk/db/collections-schema.ts';
import type { PvrCaseDetail, WorkPlanReply } from '@recovery-desk/domain/field/contracts.ts';
import { apiAs, createAccount, createOrg, createStaff, type Api } from '../collections/factories.ts';
import { BUSINESS_DATE, type TestUnit } from '../factories.ts';
import { multipart } from '../legal/factories.ts';
import type { TestApp } from '../support/test-app.ts';

// One successful call per work plan and PVR route, for the audit trail test (apps/server/test/audit.test.ts). Each
// work plan case has its own collector (its own plan); each PVR case its own account.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Fixture = { t: TestApp; db: Database; branch: TestUnit; officer: Api; field: Api };

export function fieldWorkAuditCases(env: () => { t: TestApp; db: Database }): Record<string, () => Promise<number>> {
  let fixture: Fixture | undefined;
  async function setup(): Promise<Fixture> {
    const { t, db } = env();
    if (!fixture || fixture.t !== t) {
      const org = await createOrg(db);
      fixture = {
        t,
        db,
        branch: org.branch,
        officer: await apiAs(t, await createStaff(db, org.branch, ['INIT_PVR_TRAY_SAUTH']), org.branch),
        field: await apiAs(t, await createStaff(db, org.branch, ['INIT_PVR_TRAY_SAUTH']), org.branch),
      };
    }
    return fixture;
  }

  async function securedAccount(): Promise<string> {
    const { db, branch } = await setup();
    const account = await createAccount(db, { unit: branch, dpd: 30 });
    await db.insert(addresses).values({
      customerId: account.customerId,
      addressType: 'RESIDENCE',
      line1: 'Flat 2',
      city: 'Mumbai',
      state: 'Maharashtra',
      pinCode: '400053',
      latitude: 19.12,
      longitude: 72.85,
    });
    await db
      .insert(collaterals)
      .values({ accountId: account.id, collateralType: 'PROPERTY', description: '1 BHK flat', currency: 'INR' });
    return account.accountNo;
  }

  async function collectorWithPlan(): Promise<{ api: Api; plan: WorkPlanReply }> {
    const { t, db, branch } = await setup();
    const api = await apiAs(t, await createStaff(db, branch, ['COLLAPP_WORKPLAN_SAUTH']), branch);
    const accountNo = await securedAccount();
    const reply = await api.post('/api/field/work-plan/visits', { date: BUSINESS_DATE, accountNo, priority: 'HIGH' });
    return { api, plan: reply.json<WorkPlanReply>() };
  }

  async function opened(): Promise<PvrCaseDetail> {
    const { officer } = await setup();
    return (await officer.post('/api/pvr/cases', { accountNo: await securedAccount(), reason: 'Audit walk' })).json();
  }

  async function delegated(): Promise<PvrCaseDetail> {
    const { officer, field } = await setup();
    const made = await opened();
    return (
      await officer.post(`/api/pvr/cases/${made.id}/delegate`, {
        assigneeKind: 'USER',
        assigneeId: field.user.id,
        dueDate: BUSINESS_DATE,
        version: made.version,
      })
    ).json();
  }

  async function photo(caseId: number) {
    const { field } = await setup();
    const body = multipart({}, [{ name: 'front.png', content: PNG }]);
    return field.inject({
      method: 'POST',
      url: `/api/pvr/cases/${caseId}/photos`,
      payload: body.payload,
      headers: body.headers,
    });
  }

  async function captured(): Promise<PvrCaseDetail> {
    const { field } = await setup();
    const made = await delegated();
    const withPhoto = (await photo(made.id)).json<PvrCaseDetail>();
    return (
      await field.post(`/api/pvr/cases/${made.id}/visit`, {
        visitedAt: `${BUSINESS_DATE}T00:30:00Z`,
        latitude: 19.12,
        longitude: 72.85,
        occupancy: 'VACANT',
        condition: 'FAIR',
        remarks: 'Audit walk',
        version: withPhoto.version,
      })
    ).json();
  }

  return {
    'POST /api/field/work-plan/visits': async () => ((await collectorWithPlan()).plan.visits.length === 1 ? 200 : 500),
    'DELETE /api/field/work-plan/visits/:visitId': async () => {
      const { api, plan } = await collectorWithPlan();
      return (await api.inject({ method: 'DELETE', url: `/api/field/work-plan/visits/${plan.visits[0]!.id}` }))
        .statusCode;
    },
    'POST /api/field/work-plan/visits/:visitId/status': async () => {
      const { api, plan } = await collectorWithPlan();
      const visit = plan.visits[0]!;
      return (
        await api.post(`/api/field/work-plan/visits/${visit.id}/status`, { status: 'PTP', version: visit.version })
      ).statusCode;
    },
    'PUT /api/field/work-plans/:planId/order': async () => {
      const { api, plan } = await collectorWithPlan();
      return (
        await api.inject({
          method: 'PUT',
          url: `/api/field/work-plans/${plan.plan!.id}/order`,
          payload: { visitIds: plan.visits.map((visit) => visit.id), version: plan.plan!.version },
        })
      ).statusCode;
    },
    'POST /api/field/work-plans/:planId/optimise': async () => {
      const { api, plan } = await collectorWithPlan();
      return (await api.post(`/api/field/work-plans/${plan.plan!.id}/optimise`, { version: plan.plan!.version }))
        .statusCode;
    },
    'POST /api/pvr/cases': async () => {
      const { officer } = await setup();
      return (await officer.post('/api/pvr/cases', { accountNo: await securedAccount(), reason: 'Audit walk' }))
        .statusCode;
    },
    'POST /api/pvr/cases/:caseId/delegate': async () => {
      const { officer, field } = await setup();
      const made = await opened();
      return (
        await officer.post(`/api/pvr/cases/${made.id}/delegate`, {
          assigneeKind: 'USER',
          assigneeId: field.user.id,
          dueDate: BUSINESS_DATE,
          version: made.version,
        })
      ).statusCode;
    },
    'POST /api/pvr/cases/:caseId/photos': async () => (await photo((await delegated()).id)).statusCode,
    'POST /api/pvr/cases/:caseId/visit': async () => ((await captured()).status === 'CAPTURED' ? 200 : 500),
    'POST /api/pvr/cases/:caseId/review': async () => {
      const { officer } = await setup();
      const made = await captured();
      return (await officer.post(`/api/pvr/cases/${made.id}/review`, { decision: 'approve', version: made.version }))
        .statusCode;
    },
  };
}

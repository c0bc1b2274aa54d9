import type { Database } from '@recovery-desk/db/client.ts';
import type { ApprovalRequestReply } from '@recovery-desk/domain/approvals/contracts.ts';
import { DEFAULT_COLLECTIONS_SETTINGS } from '@recovery-desk/domain/collections/settings.ts';
import { apiAs, createOrg, createStaff, type Api } from '../collections/factories.ts';
import { uniqueName, type TestUnit } from '../factories.ts';
import type { TestApp } from '../support/test-app.ts';

// One successful call per User Approval and collections settings route, for the audit trail test
// (apps/server/test/audit.test.ts): a zone administrator requests, a second one decides.

type Fixture = { t: TestApp; branch: TestUnit; maker: Api; checker: Api };

export function usersAuditCases(env: () => { t: TestApp; db: Database }): Record<string, () => Promise<number>> {
  let fixture: Fixture | undefined;
  async function admins(): Promise<Fixture> {
    const { t, db } = env();
    if (!fixture || fixture.t !== t) {
      const org = await createOrg(db);
      const admin = ['SCHED_PRO_COLL_SAUTH', { code: 'UPLOAD_DASH_SAUTH', tabs: [] }];
      fixture = {
        t,
        branch: org.branch,
        maker: await apiAs(t, await createStaff(db, org.zone, admin), org.zone),
        checker: await apiAs(t, await createStaff(db, org.zone, admin), org.zone),
      };
    }
    return fixture;
  }

  async function requestCreate() {
    const { maker, branch } = await admins();
    const username = uniqueName('audit.user')
      .toLowerCase()
      .replace(/[^a-z0-9.]/g, '');
    return maker.post('/api/users/requests', {
      action: 'CREATE',
      user: {
        username,
        fullName: 'Audit Walk',
        email: `${username}@lender.test`,
        units: [branch.id],
        authorities: [{ unitId: branch.id, app: 'collapp', systemAuth: 'UPLOAD_DASH_SAUTH', tabs: [] }],
      },
    });
  }

  const cases: Record<string, () => Promise<number>> = {
    'POST /api/users/requests': async () => (await requestCreate()).statusCode,
    'PATCH /api/collections/settings': async () => {
      const { maker } = await admins();
      const current = (await maker.get('/api/collections/settings')).json<{ version: number }>();
      return (
        await maker.inject({
          method: 'PATCH',
          url: '/api/collections/settings',
          payload: { ...DEFAULT_COLLECTIONS_SETTINGS, collectorCapacity: 390, version: current.version },
        })
      ).statusCode;
    },
  };
  cases['POST /api/users/requests/:id/resubmit'] = async () => {
    const { maker, checker, branch } = await admins();
    const request = (await requestCreate()).json<ApprovalRequestReply>();
    const pushed = (
      await checker.post(`/api/users/requests/${request.id}/pushback`, {
        version: request.version,
        remarks: 'Audit walk: add the mobile',
      })
    ).json<ApprovalRequestReply>();
    const after = (request.payload as { after: { username: string; fullName: string; email: string } }).after;
    return (
      await maker.post(`/api/users/requests/${request.id}/resubmit`, {
        version: pushed.version,
        action: 'CREATE',
        user: {
          username: after.username,
          fullName: after.fullName,
          email: after.email,
          mobile: '9876543210',
          units: [branch.id],
          authorities: [{ unitId: branch.id, app: 'collapp', systemAuth: 'UPLOAD_DASH_SAUTH', tabs: [] }],
        },
      })
    ).statusCode;
  };
  cases['POST /api/users/requests/:id/withdraw'] = async () => {
    const { maker, checker } = await admins();
    const request = (await requestCreate()).json<ApprovalRequestReply>();
    const pushed = (
      await checker.post(`/api/users/requests/${request.id}/pushback`, {
        version: request.version,
        remarks: 'Audit walk: not needed',
      })
    ).json<ApprovalRequestReply>();
    return (
      await maker.post(`/api/users/requests/${request.id}/withdraw`, {
        version: pushed.version,
        remarks: 'Audit walk: withdrawn',
      })
    ).statusCode;
  };
  for (const decision of ['approve', 'reject', 'pushback']) {
    cases[`POST /api/users/requests/:id/${decision}`] = async () => {
      const { checker } = await admins();
      const request = (await requestCreate()).json<ApprovalRequestReply>();
      return (
        await checker.post(`/api/users/requests/${request.id}/${decision}`, {
          version: request.version,
          remarks: 'Audit walk',
        })
      ).statusCode;
    };
  }
  return cases;
}

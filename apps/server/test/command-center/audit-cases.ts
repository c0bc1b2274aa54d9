import type { Database } from '@recovery-desk/db/client.ts';
import { apiAs, createAccount, createOrg, createStaff } from '../collections/factories.ts';
import { createUser } from '../factories.ts';
import type { TestApp } from '../support/test-app.ts';

// One successful call per command-center write route, for the audit trail test (apps/server/test/audit.test.ts).

export function commandCenterAuditCases(
  env: () => { t: TestApp; db: Database },
): Record<string, () => Promise<number>> {
  return {
    'POST /api/cmd-center/positions': async () => {
      const { t, db } = env();
      const org = await createOrg(db);
      const api = await apiAs(t, await createStaff(db, org.branch, ['FIELD_COLLECTOR_SAUTH']), org.branch);
      const fixTime = new Date(Date.now() - 60_000).toISOString();
      return (
        await api.post('/api/cmd-center/positions', {
          deviceId: `audit-${org.branch.id}`,
          positions: [{ seq: 1, fixTime, latitude: 19.12, longitude: 72.85, accuracyM: 10 }],
        })
      ).statusCode;
    },
    'POST /api/cmd-center/allocation/plan': async () => allocationCase(env(), 'plan'),
    'POST /api/cmd-center/allocation/batches': async () => allocationCase(env(), 'batches'),
    'PUT /api/cmd-center/settings': async () => {
      const { t, db } = env();
      const org = await createOrg(db);
      const admin = await apiAs(
        t,
        await createUser(db, {
          units: [{ unit: org.ho, grants: { cmdcenter: [{ system_auth: 'LEGAL_SETTINGS_SAUTH', tabs: [] }] } }],
        }),
        org.ho,
      );
      const { version, settings } = (await admin.get('/api/cmd-center/settings')).json<{
        version: number;
        settings: object;
      }>();
      return (
        await admin.inject({
          method: 'PUT',
          url: '/api/cmd-center/settings',
          payload: { ...settings, version },
        })
      ).statusCode;
    },
  };
}

/** A supervisor of a zone previews or allocates one account of its branch to a collector there. */
async function allocationCase(env: { t: TestApp; db: Database }, route: 'plan' | 'batches'): Promise<number> {
  const { t, db } = env;
  const org = await createOrg(db);
  const collector = await createStaff(db, org.branch, ['FIELD_COLLECTOR_SAUTH']);
  const account = await createAccount(db, { unit: org.branch, dpd: 30 });
  const supervisor = await apiAs(
    t,
    await createUser(db, {
      units: [{ unit: org.zone, grants: { cmdcenter: [{ system_auth: 'ACTIVE_INACTIVE_SAUTH', tabs: [] }] } }],
    }),
    org.zone,
  );
  return (
    await supervisor.post(`/api/cmd-center/allocation/${route}`, {
      accountIds: [account.id],
      assignees: [{ userId: collector.id }],
      mode: 'PROXIMITY',
    })
  ).statusCode;
}

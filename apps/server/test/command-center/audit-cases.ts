import type { Database } from '@recovery-desk/db/client.ts';
import { apiAs, createOrg, createStaff } from '../collections/factories.ts';
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

import type { Database } from '@recovery-desk/db/client.ts';
import { createOrg } from '../collections/factories.ts';
import type { TestApp } from '../support/test-app.ts';
import { apiAs } from '../workflow/factories.ts';
import { createRepoStaff } from './factories.ts';

// One successful call per state-changing secured-assets route, for the audit trail test (apps/server/test/audit.test.ts):
// each returns the reply's status code; the test checks it is 200 and that the call wrote an audit row.

export function securedAssetsAuditCases(
  env: () => { t: TestApp; db: Database },
): Record<string, () => Promise<number>> {
  return {
    'PUT /api/secured-assets/templates': async () => {
      const { t, db } = env();
      const org = await createOrg(db);
      const api = await apiAs(
        t,
        await createRepoStaff(db, org.branch, { authorities: ['REPO_SETTINGS_SAUTH'] }),
        org.branch,
      );
      const response = await api.inject({
        method: 'PUT',
        url: '/api/secured-assets/templates',
        payload: {
          templates: [{ kind: 'REPO_SALE_NOTICE', title: 'Final chance', body: 'Pay {{totalDueAmount}} now.' }],
        },
      });
      return response.statusCode;
    },
  };
}

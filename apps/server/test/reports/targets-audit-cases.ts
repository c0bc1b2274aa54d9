import type { Database } from '@recovery-desk/db/client.ts';
import type { TestApp } from '../support/test-app.ts';
import { apiAs, createOrg, createStaff } from '../collections/factories.ts';

// The collection target edit (issue 14) for the audit walk (apps/server/test/audit.test.ts).
export function targetsAuditCases(env: () => { t: TestApp; db: Database }): Record<string, () => Promise<number>> {
  return {
    'PUT /api/collections/targets': async () => {
      const { t, db } = env();
      const org = await createOrg(db);
      const head = await apiAs(t, await createStaff(db, org.zone, ['REPORT_GENERATION_SAUTH']), org.zone);
      const reply = await head.inject({
        method: 'PUT',
        url: '/api/collections/targets',
        payload: { unitId: org.branch.id, month: '2026-04', currency: 'INR', targetMinor: '500000', version: 0 },
      });
      return reply.statusCode;
    },
  };
}

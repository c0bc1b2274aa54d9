import type { Database } from '@recovery-desk/db/client.ts';
import type { TestApp } from '../support/test-app.ts';
import { apiAs, createOrg, createStaff } from '../collections/factories.ts';

// One successful call per state-changing reports route (issue 14) for the audit walk (apps/server/test/audit.test.ts):
// queueing an export is audited (`reports.export`, `job.enqueue`) in the request's transaction.
export function reportsAuditCases(env: () => { t: TestApp; db: Database }): Record<string, () => Promise<number>> {
  return {
    'POST /api/collections/reports/:report/export': async () => {
      const { t, db } = env();
      const org = await createOrg(db);
      const api = await apiAs(t, await createStaff(db, org.zone, ['REPORT_GENERATION_SAUTH']), org.zone);
      const reply = await api.post('/api/collections/reports/rollRates/export', { format: 'csv' });
      await t.app.jobs.drain();
      return reply.statusCode;
    },
  };
}

import type { Database } from '@recovery-desk/db/client.ts';
import { apiAs, createAccount, createOrg, createStaff } from '../collections/factories.ts';
import { multipart } from '../legal/factories.ts';
import type { TestApp } from '../support/test-app.ts';

// The collections upload's one state-changing route for the audit walk (apps/server/test/audit.test.ts): queueing
// the file is audited (`job.enqueue`, `collections.upload.start`) in the request's transaction.

export function collectionUploadsAuditCases(
  env: () => { t: TestApp; db: Database },
): Record<string, () => Promise<number>> {
  return {
    'POST /api/collections/uploads': async () => {
      const { t, db } = env();
      const org = await createOrg(db);
      const collector = await createStaff(db, org.branch, ['TELECALLER_SAUTH']);
      const api = await apiAs(t, await createStaff(db, org.branch, ['FILE_UPLOAD_COLL_SAUTH']), org.branch);
      const account = await createAccount(db, { unit: org.branch });
      const content = Buffer.from(
        `accountNo,collectorUsername,agencyCode,reason\r\n${account.accountNo},${collector.username},,Audit walk\r\n`,
      );
      return (
        await api.inject({
          method: 'POST',
          url: '/api/collections/uploads',
          ...multipart({ type: 'ALLOCATION' }, [{ name: 'allocation.csv', content }]),
        })
      ).statusCode;
    },
  };
}

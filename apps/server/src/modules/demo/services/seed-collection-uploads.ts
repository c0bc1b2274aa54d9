import { sql } from 'drizzle-orm';
import { selectRows } from '../../../db/sql-rows.ts';
import type { AppDeps } from '../../../deps.ts';
import { startCollectionsUpload } from '../../collection-uploads/index.ts';
import { findUnitsByCode, findUsersByUsername } from '../demo-seed.repository.ts';
import { demoUnitContext } from './demo-context.ts';

// The demo's past collections uploads (first start in demo mode), queued through the upload service as mgr.mumbai
// (RG-MUM, File Upload, File Download and the Upload Dashboard) would upload them: an allocation file with row
// errors (REJECTED: nothing applied, its error report on File Download) and its corrected copy (APPLIED). The rows
// are Andheri accounts already worked by tc.andheri, allocated to her again, so no other story's tray changes.
// The app's worker runs both jobs once the server listens.

export const DEMO_UPLOADER = { username: 'mgr.mumbai', unit: 'RG-MUM', collector: 'tc.andheri' } as const;

const HEADER = 'accountNo,collectorUsername,agencyCode,reason';

export async function queueDemoCollectionUploads(deps: AppDeps): Promise<number[]> {
  const [user] = await findUsersByUsername(deps.db, [DEMO_UPLOADER.username]);
  const [unit] = await findUnitsByCode(deps.db, [DEMO_UPLOADER.unit]);
  if (!user || !unit) return [];
  const accounts = await selectRows<{ accountNo: string }>(
    deps.db,
    sql`select a.account_no as "accountNo" from accounts a
      join users u on u.id = a.allocated_user_id and u.username = ${DEMO_UPLOADER.collector}
      where not a.is_on_hold
        and not exists (select 1 from account_marks m where m.account_id = a.id and m.ended_at is null)
      order by a.id limit 5`,
  );
  if (accounts.length < 5) return [];
  const ctx = demoUnitContext(user, unit);
  const reason = 'Bucket 1 review: kept with the Andheri telecalling desk';
  const good = accounts.map((account) => `${account.accountNo},${DEMO_UPLOADER.collector},,${reason}`);
  const files = [
    {
      fileName: 'andheri-allocation-draft.csv',
      lines: [
        ...good.slice(0, 3),
        'LN0000000000,tc.andheri,,Number typed wrong',
        `${accounts[3]!.accountNo},tc.unknown,,`,
      ],
    },
    { fileName: 'andheri-allocation.csv', lines: good },
  ];
  const jobIds: number[] = [];
  for (const file of files) {
    const content = Buffer.from(`${HEADER}\r\n${file.lines.join('\r\n')}\r\n`, 'utf8');
    const job = await startCollectionsUpload(deps, {
      ctx,
      readUpload: async () => ({ file: { fileName: file.fileName, content }, fields: { type: 'ALLOCATION' } }),
    });
    jobIds.push(job.id);
  }
  return jobIds;
}

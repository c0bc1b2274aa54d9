import type { RepoWorkflowCode } from '@recovery-desk/domain/repo/contracts.ts';
import { initiationColumns } from '@recovery-desk/domain/repo/uploads.ts';
import type { CaseFields } from '@recovery-desk/domain/workflow/case-fields.ts';
import { REPOSSESSION_CASE, SARFAESI_CASE } from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import type { AppDeps } from '../../../deps.ts';
import { listInitiationCandidates, processRepoUpload } from '../../repo-apps/index.ts';
import { activeDefinition } from '../../workflow/index.ts';
import { findUnitsByCode, findUsersByUsername } from '../demo-seed.repository.ts';
import { demoUnitContext } from './demo-context.ts';

// The demo's past repossession and SARFAESI uploads (first start in demo mode), queued through the upload service as
// repo.pune (RG-PUN, Repossession File Upload) and sarf.mumbai (RG-MUM, SARFAESI File Upload) would upload them: an
// initiation file of one past-due account of their region (a new case at the initiate stage) and one account number
// typed wrong (its row error, downloadable from the dashboard). The app's worker runs both jobs once the server
// listens.

export const DEMO_REPO_UPLOADERS: readonly { code: RepoWorkflowCode; username: string; unit: string; file: string }[] =
  [
    { code: 'REPOSSESSION', username: 'repo.pune', unit: 'RG-PUN', file: 'pune-repossession-initiations.csv' },
    { code: 'SARFAESI', username: 'sarf.mumbai', unit: 'RG-MUM', file: 'mumbai-sarfaesi-initiations.csv' },
  ];

const SAMPLE: Record<RepoWorkflowCode, CaseFields> = { REPOSSESSION: REPOSSESSION_CASE, SARFAESI: SARFAESI_CASE };

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export async function queueDemoRepoUploads(deps: AppDeps): Promise<number[]> {
  const jobIds: number[] = [];
  for (const uploader of DEMO_REPO_UPLOADERS) {
    const [user] = await findUsersByUsername(deps.db, [uploader.username]);
    const [unit] = await findUnitsByCode(deps.db, [uploader.unit]);
    if (!user || !unit) continue;
    const ctx = demoUnitContext(user, unit);
    // The least overdue candidate: the stories of the most overdue accounts stay as they are.
    const candidates = await listInitiationCandidates(deps.db, {
      definitionCode: uploader.code,
      unitPath: ctx.actingUnit.path,
      limit: 200,
    });
    const account = candidates.at(-1);
    if (!account) continue;
    const columns = initiationColumns(await activeDefinition(deps.db, uploader.code));
    const line = (accountNo: string) =>
      columns
        .map((column) => (column === 'accountNo' ? accountNo : String(SAMPLE[uploader.code][column] ?? '')))
        .map(csvCell)
        .join(',');
    const content = Buffer.from(`${columns.join(',')}\r\n${line(account.accountNo)}\r\n${line('LN0000000000')}\r\n`);
    const job = await processRepoUpload(deps, {
      ctx,
      code: uploader.code,
      readUpload: async () => ({ file: { fileName: uploader.file, content }, fields: { kind: 'INITIATION' } }),
    });
    jobIds.push(job.id);
  }
  return jobIds;
}

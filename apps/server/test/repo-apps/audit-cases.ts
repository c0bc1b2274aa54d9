import type { Database } from '@recovery-desk/db/client.ts';
import { DEFAULT_REPOSSESSION_TIMELINES } from '@recovery-desk/domain/workflow/definitions/repossession.ts';
import { createOrg } from '../collections/factories.ts';
import type { TestApp } from '../support/test-app.ts';
import { apiAs, createNpaAccount } from '../workflow/factories.ts';
import { multipart } from '../legal/factories.ts';
import { createRepoStaff } from './factories.ts';

// One successful call per state-changing route of the repossession and SARFAESI apps (starting a case, the
// timelines), for the audit trail test (apps/server/test/audit.test.ts): each returns the reply's status code.

export function repoAppsAuditCases(env: () => { t: TestApp; db: Database }): Record<string, () => Promise<number>> {
  const start = (code: 'REPOSSESSION' | 'SARFAESI', authority: string) => async () => {
    const { t, db } = env();
    const org = await createOrg(db);
    const api = await apiAs(t, await createRepoStaff(db, org.branch, [authority]), org.branch);
    const account = await createNpaAccount(db, org.branch, { product: code === 'SARFAESI' ? 'HOME' : 'AUTO' });
    return (await api.post(`/api/repo/${code}/accounts/${account.id}/cases`, {})).statusCode;
  };
  // An initiation file of one account with no fields: its row is refused, the upload (record, job) is audited.
  const upload = (code: 'REPOSSESSION' | 'SARFAESI', authorities: string[]) => async () => {
    const { t, db } = env();
    const org = await createOrg(db);
    const api = await apiAs(t, await createRepoStaff(db, org.branch, authorities), org.branch);
    const account = await createNpaAccount(db, org.branch, { product: 'AUTO' });
    const header = (await api.get(`/api/repo/${code}/uploads/kinds`)).json<{ initiation: { columns: string[] } }>()
      .initiation.columns;
    const row = [account.accountNo, ...header.slice(1).map(() => '')];
    const content = Buffer.from(`${header.join(',')}\r\n${row.join(',')}\r\n`);
    return (
      await api.inject({
        method: 'POST',
        url: `/api/repo/${code}/uploads`,
        ...multipart({ kind: 'INITIATION' }, [{ name: 'cases.csv', content }]),
      })
    ).statusCode;
  };
  return {
    'POST /api/repo/REPOSSESSION/uploads': upload('REPOSSESSION', ['FILE_UPLOAD_REPO_SAUTH', 'REPO_INITIATE_SAUTH']),
    'POST /api/repo/SARFAESI/uploads': upload('SARFAESI', ['SARF_UPLOAD_DASH_SAUTH', 'SARF_INIT_SAUTH']),
    'POST /api/repo/REPOSSESSION/accounts/:accountId/cases': start('REPOSSESSION', 'REPO_INITIATE_SAUTH'),
    'POST /api/repo/SARFAESI/accounts/:accountId/cases': start('SARFAESI', 'SARF_INIT_SAUTH'),
    'PUT /api/repo/settings/:code': async () => {
      const { t, db } = env();
      const org = await createOrg(db);
      const api = await apiAs(t, await createRepoStaff(db, org.ho, ['REPO_SETTINGS_SAUTH']), org.ho);
      const current = (await api.get('/api/repo/settings')).json<{
        workflows: { code: string; version: number }[];
      }>();
      const version = current.workflows.find((workflow) => workflow.code === 'REPOSSESSION')!.version;
      const response = await api.inject({
        method: 'PUT',
        url: '/api/repo/settings/REPOSSESSION',
        payload: {
          timelines: {
            ...DEFAULT_REPOSSESSION_TIMELINES,
            valuationDays: DEFAULT_REPOSSESSION_TIMELINES.valuationDays + 1,
          },
          version,
        },
      });
      return response.statusCode;
    },
  };
}

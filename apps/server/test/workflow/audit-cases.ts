import type { Database } from '@recovery-desk/db/client.ts';
import type { TestApp } from '../support/test-app.ts';
import { act, apiAs, createLegalCase, createLegalOrg, uploadDocument } from './factories.ts';

/**
 * One successful call per POST route of the workflow module, for the audit test (test/audit.test.ts): each must
 * write an audit row. `get` gives the test's current app and database.
 */
export function workflowMutations(get: () => { t: TestApp; db: Database }): Record<string, () => Promise<number>> {
  async function legalCase() {
    const { t, db } = get();
    const org = await createLegalOrg(db);
    const officerApi = await apiAs(t, org.officer, org.branch);
    const legal = await createLegalCase({ t, org, officerApi }, { stage: 'INITIATE' });
    return { officerApi, caseId: legal.caseId };
  }
  return {
    'POST /api/workflow/cases/:caseId/actions': async () => {
      const { officerApi, caseId } = await legalCase();
      return (await act(officerApi, caseId, 'decline', { remarks: 'Not fit for legal' })).statusCode;
    },
    'POST /api/workflow/cases/:caseId/fields': async () => {
      const { officerApi, caseId } = await legalCase();
      return (
        await officerApi.post(`/api/workflow/cases/${caseId}/fields`, {
          version: 2,
          fields: { claimAmount: '1000.00' },
        })
      ).statusCode;
    },
    'POST /api/workflow/cases/:caseId/documents': async () => {
      const { officerApi, caseId } = await legalCase();
      return (await uploadDocument(officerApi, caseId, 'loanAgreement')).statusCode;
    },
  };
}

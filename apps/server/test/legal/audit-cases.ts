import type { Database } from '@recovery-desk/db/client.ts';
import { apiAs, createOrg, type Api, type Org } from '../collections/factories.ts';
import type { TestApp } from '../support/test-app.ts';
import {
  createBouncedCheque,
  createLegalStaff,
  createPoolAccount,
  initiateS138,
  MANAGER_AUTHORITIES,
  multipart,
  OFFICER_AUTHORITIES,
  walkToNotice,
} from './factories.ts';

// One successful call per state-changing legal route, for the audit trail test (apps/server/test/audit.test.ts):
// each returns the reply's status code; the test checks it is 200 and that the call wrote an audit row.

type Fixture = { t: TestApp; org: Org; officer: Api; manager: Api };

export function legalAuditCases(env: () => { t: TestApp; db: Database }): Record<string, () => Promise<number>> {
  let fixture: Fixture | undefined;
  async function legal(): Promise<Fixture & { db: Database }> {
    const { t, db } = env();
    if (!fixture || fixture.t !== t) {
      const org = await createOrg(db);
      fixture = {
        t,
        org,
        officer: await apiAs(t, await createLegalStaff(db, org.branch, OFFICER_AUTHORITIES), org.branch),
        manager: await apiAs(t, await createLegalStaff(db, org.branch, MANAGER_AUTHORITIES), org.branch),
      };
    }
    return { ...fixture, db };
  }
  const matter = {
    petitionerName: 'Suresh Patil',
    forum: 'BANKING_OMBUDSMAN',
    filedOn: '2026-03-02',
    subject: 'Complaint about recovery calls',
  };

  return {
    'POST /api/legal/pool/initiate': async () => {
      const { db, org, officer } = await legal();
      const account = await createPoolAccount(db, { unit: org.branch });
      return (await officer.post('/api/legal/pool/initiate', { accountIds: [account.id], caseType: 'CIVIL_SUIT' }))
        .statusCode;
    },
    'POST /api/legal/pool/decline': async () => {
      const { db, org, officer } = await legal();
      const account = await createPoolAccount(db, { unit: org.branch });
      return (await officer.post('/api/legal/pool/decline', { accountIds: [account.id], remarks: 'Not fit for legal' }))
        .statusCode;
    },
    'PUT /api/legal/settings': async () => {
      const { manager } = await legal();
      const current = (await manager.get('/api/legal/settings')).json<{ version: number }>();
      return (
        await manager.inject({ method: 'PUT', url: '/api/legal/settings', payload: { version: current.version } })
      ).statusCode;
    },
    'POST /api/legal/notices': async () => {
      const { db, org, officer, manager } = await legal();
      const account = await createPoolAccount(db, { unit: org.branch });
      await createBouncedCheque(db, account.id);
      const { caseId } = await initiateS138(officer, account.id);
      await walkToNotice(officer, manager, caseId);
      return (await officer.post('/api/legal/notices', { caseIds: [caseId] })).statusCode;
    },
    'POST /api/legal/against-fi': async () => {
      const { officer } = await legal();
      return (await officer.post('/api/legal/against-fi', matter)).statusCode;
    },
    'PATCH /api/legal/against-fi/:id': async () => {
      const { officer } = await legal();
      const created = (await officer.post('/api/legal/against-fi', matter)).json<{ matterId: number }>();
      return (await officer.patch(`/api/legal/against-fi/${created.matterId}`, { version: 1, advocateName: 'Adv Rao' }))
        .statusCode;
    },
    'POST /api/legal/uploads': async () => {
      const { db, org, officer } = await legal();
      const account = await createPoolAccount(db, { unit: org.branch });
      const content = Buffer.from(`accountNo,caseType,claimAmount,remarks\r\n${account.accountNo},CIVIL_SUIT,,\r\n`);
      return (
        await officer.inject({
          method: 'POST',
          url: '/api/legal/uploads',
          ...multipart({ kind: 'CASE_INITIATION' }, [{ name: 'cases.csv', content }]),
        })
      ).statusCode;
    },
  };
}

import type { Database } from '@recovery-desk/db/client.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import { apiAs, createAccount, createOrg, createStaff, type Api } from '../collections/factories.ts';
import { BUSINESS_DATE, uniqueName } from '../factories.ts';
import type { TestApp } from '../support/test-app.ts';

// The settlements routes' cases of the audit walk (audit.test.ts): each mutation answers 200 and writes audit rows.
// The maker and checker act in a zone (a checker at zone level decides any level up to the zone).

type Fixture = { t: TestApp; maker: Api; checker: Api; branch: Awaited<ReturnType<typeof createOrg>>['branch'] };

export function settlementAuditCases(env: () => { t: TestApp; db: Database }): Record<string, () => Promise<number>> {
  let fixture: Fixture | undefined;
  async function setup(): Promise<Fixture & { db: Database }> {
    const { t, db } = env();
    if (!fixture || fixture.t !== t) {
      const org = await createOrg(db);
      fixture = {
        t,
        branch: org.branch,
        maker: await apiAs(t, await createStaff(db, org.zone, ['SETTLE_INIT_SAUTH']), org.zone),
        checker: await apiAs(t, await createStaff(db, org.zone, ['SETTLE_APP_SAUTH']), org.zone),
      };
    }
    return { ...fixture, db };
  }
  async function initiate(): Promise<{ f: Fixture; id: number; version: number; status: number }> {
    const f = await setup();
    const account = await createAccount(f.db, { unit: f.branch, dpd: 100 });
    const response = await f.maker.inject({
      method: 'POST',
      url: '/api/settlements',
      headers: { 'idempotency-key': uniqueName('audit-settlement-') },
      payload: {
        accountId: account.id,
        totalPayable: '155000.00',
        partyName: 'Audit Party',
        instalments: [{ dueDate: addDays(BUSINESS_DATE, 20), amount: '155000.00' }],
      },
    });
    const body = response.json<{ id: number; version: number }>();
    return { f, id: body.id, version: body.version, status: response.statusCode };
  }
  const decide = async (decision: string, remarks?: string) => {
    const { f, id, version } = await initiate();
    return (await f.checker.post(`/api/settlements/${id}/${decision}`, { version, ...(remarks ? { remarks } : {}) }))
      .statusCode;
  };
  return {
    'POST /api/settlements': async () => (await initiate()).status,
    'POST /api/settlements/:id/approve': () => decide('approve'),
    'POST /api/settlements/:id/reject': () => decide('reject', 'Too low'),
    'POST /api/settlements/:id/pushback': () => decide('pushback', 'Add upfront'),
    'POST /api/settlements/:id/resubmit': async () => {
      const { f, id, version } = await initiate();
      const pushed = await f.checker.post(`/api/settlements/${id}/pushback`, { version, remarks: 'Add upfront' });
      return (
        await f.maker.post(`/api/settlements/${id}/resubmit`, {
          version: pushed.json<{ version: number }>().version,
          totalPayable: '156000.00',
          partyName: 'Audit Party',
          instalments: [{ dueDate: addDays(BUSINESS_DATE, 20), amount: '156000.00' }],
        })
      ).statusCode;
    },
  };
}

import type { Database } from '@recovery-desk/db/client.ts';
import type { AllocationRule } from '@recovery-desk/domain/collections/allocation-rules.ts';
import type { TestUnit, TestUser } from '../factories.ts';
import type { TestApp } from '../support/test-app.ts';
import { apiAs, createOrg, createStaff, type Api } from './factories.ts';

// One successful call per allocation rule route (issue 14) for the audit walk (apps/server/test/audit.test.ts). The
// rules are created disabled, so the walk's own day start allocates nothing by them.

type Fixture = { t: TestApp; branch: TestUnit; admin: Api; collector: TestUser };

export function allocationRulesAuditCases(
  env: () => { t: TestApp; db: Database },
): Record<string, () => Promise<number>> {
  let fixture: Fixture | undefined;
  async function rules(): Promise<Fixture> {
    const { t, db } = env();
    if (!fixture || fixture.t !== t) {
      const org = await createOrg(db);
      fixture = {
        t,
        branch: org.branch,
        admin: await apiAs(t, await createStaff(db, org.zone, ['DAY_START_COLL_SAUTH']), org.zone),
        collector: await createStaff(db, org.branch, ['TELECALLER_SAUTH']),
      };
    }
    return fixture;
  }
  const body = (f: Fixture) => ({
    unitId: f.branch.id,
    priority: 5,
    product: 'AUTO',
    bucket: 'B2',
    pinCodePrefix: '400',
    userId: f.collector.id,
    capacity: 40,
    isActive: false,
  });
  async function created(): Promise<AllocationRule> {
    const f = await rules();
    return (await f.admin.post('/api/collections/allocation-rules', body(f))).json<AllocationRule>();
  }

  return {
    'POST /api/collections/allocation-rules': async () => {
      const f = await rules();
      return (await f.admin.post('/api/collections/allocation-rules', body(f))).statusCode;
    },
    'PUT /api/collections/allocation-rules/:id': async () => {
      const f = await rules();
      const rule = await created();
      return (
        await f.admin.inject({
          method: 'PUT',
          url: `/api/collections/allocation-rules/${rule.id}`,
          payload: { ...body(f), capacity: 45, version: rule.version },
        })
      ).statusCode;
    },
    'DELETE /api/collections/allocation-rules/:id': async () => {
      const f = await rules();
      const rule = await created();
      return (
        await f.admin.inject({
          method: 'DELETE',
          url: `/api/collections/allocation-rules/${rule.id}?version=${rule.version}`,
        })
      ).statusCode;
    },
  };
}

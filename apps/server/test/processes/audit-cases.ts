import type { Database } from '@recovery-desk/db/client.ts';
import type { Process, ProcessesReply } from '@recovery-desk/domain/processes/contracts.ts';
import type { TestApp } from '../support/test-app.ts';
import { apiAs, createOrg, createStaff, type Api } from '../collections/factories.ts';

// One successful call per state-changing Schedule Process route (issue 14) for the audit walk
// (apps/server/test/audit.test.ts). Run now drains the queue after, so no run stays live.

export function processesAuditCases(env: () => { t: TestApp; db: Database }): Record<string, () => Promise<number>> {
  let fixture: { t: TestApp; operator: Api } | undefined;
  async function operator(): Promise<{ t: TestApp; operator: Api }> {
    const { t, db } = env();
    if (!fixture || fixture.t !== t) {
      const org = await createOrg(db);
      fixture = { t, operator: await apiAs(t, await createStaff(db, org.ho, ['SCHED_PRO_COLL_SAUTH']), org.ho) };
    }
    await fixture.t.app.jobs.drain();
    return fixture;
  }

  return {
    'PUT /api/processes/:code/schedule': async () => {
      const { operator: api } = await operator();
      const current = (await api.get('/api/processes'))
        .json<ProcessesReply>()
        .rows.find((p) => p.code === 'mail.retry');
      const reply = await api.inject({
        method: 'PUT',
        url: '/api/processes/mail.retry/schedule',
        payload: { enabled: true, everyMinutes: 5, version: (current as Process).version },
      });
      return reply.statusCode;
    },
    'POST /api/processes/:code/run': async () => {
      const { t, operator: api } = await operator();
      const reply = await api.post('/api/processes/audit.checkpoint/run', {});
      await t.app.jobs.drain();
      return reply.statusCode;
    },
  };
}

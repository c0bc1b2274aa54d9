import { sql } from 'drizzle-orm';
import type { Database } from '@recovery-desk/db/client.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import type { DayStartRunsReply } from '@recovery-desk/domain/collections/day-start.ts';
import type { TestUnit } from '../factories.ts';
import type { TestApp } from '../support/test-app.ts';
import { apiAs, createOrg, createStaff, type Api } from './factories.ts';

// One successful call per state-changing day start route (issue 14) for the audit walk
// (apps/server/test/audit.test.ts). Every case drains the queue first and after, so no run stays live to refuse the
// next one. A failed run is a FAILED `collections.day_start` job row of the fixture's zone.

type Fixture = { t: TestApp; db: Database; zone: TestUnit; maker: Api; checker: Api };

export function dayStartAuditCases(env: () => { t: TestApp; db: Database }): Record<string, () => Promise<number>> {
  let fixture: Fixture | undefined;
  async function dayStart(): Promise<Fixture> {
    const { t, db } = env();
    if (!fixture || fixture.t !== t) {
      const org = await createOrg(db);
      fixture = {
        t,
        db,
        zone: org.zone,
        maker: await apiAs(t, await createStaff(db, org.zone, ['DAY_START_COLL_SAUTH']), org.zone),
        checker: await apiAs(t, await createStaff(db, org.zone, ['DAY_START_COLL_SAUTH']), org.zone),
      };
    }
    await fixture.t.app.jobs.drain();
    return fixture;
  }

  async function failedRun(): Promise<number> {
    const { db, zone, maker } = await dayStart();
    const { businessDate } = (await maker.get('/api/collections/day-start/runs')).json<DayStartRunsReply>();
    const rows = (await db.execute(
      sql`insert into jobs (kind, status, payload, user_id, unit_id, unit_path, attempts, max_attempts, error)
        values ('collections.day_start', 'FAILED', ${JSON.stringify({ businessDate })}::jsonb, ${maker.user.id},
          ${zone.id}, ${zone.path}, 1, 1, 'Day start failed: ledger feed missing') returning id`,
    )) as unknown as { rows: { id: number | string }[] };
    return Number(rows.rows[0]!.id);
  }

  async function forceRequest(): Promise<{ id: number; version: number }> {
    const { maker } = await dayStart();
    const reply = await maker.post('/api/approvals/DAY_START_FORCE_COMPLETION/requests', {
      subjectId: await failedRun(),
      payload: { reason: 'Ledger feed restored by hand' },
    });
    return reply.json<{ id: number; version: number }>();
  }

  return {
    'POST /api/collections/day-start/cycle-refresh': async () => {
      const { maker } = await dayStart();
      return (await maker.post('/api/collections/day-start/cycle-refresh', {})).statusCode;
    },
    'POST /api/collections/day-start/bom-refresh': async () => {
      const { maker } = await dayStart();
      return (await maker.post('/api/collections/day-start/bom-refresh', {})).statusCode;
    },
    'POST /api/collections/day-start/business-date': async () => {
      const { t, db, maker } = await dayStart();
      const { businessDate } = (await maker.get('/api/collections/day-start/runs')).json<DayStartRunsReply>();
      const reply = await maker.post('/api/collections/day-start/business-date', {
        businessDate: addDays(businessDate, 1),
      });
      await t.app.jobs.drain();
      // The walk's other cases expect the business date they started with.
      await db.execute(sql`update organisation set business_date = ${businessDate}::date`);
      return reply.statusCode;
    },
    'POST /api/collections/day-start/runs/:id/retry': async () => {
      const { t, checker } = await dayStart();
      const reply = await checker.post(`/api/collections/day-start/runs/${await failedRun()}/retry`, {});
      await t.app.jobs.drain();
      return reply.statusCode;
    },
    'POST /api/approvals/DAY_START_FORCE_COMPLETION/requests': async () => {
      const { maker } = await dayStart();
      const reply = await maker.post('/api/approvals/DAY_START_FORCE_COMPLETION/requests', {
        subjectId: await failedRun(),
        payload: { reason: 'Ledger feed restored by hand' },
      });
      return reply.statusCode;
    },
    'POST /api/approvals/DAY_START_FORCE_COMPLETION/requests/:id/approve': async () => {
      const request = await forceRequest();
      const { checker } = await dayStart();
      return (
        await checker.post(`/api/approvals/DAY_START_FORCE_COMPLETION/requests/${request.id}/approve`, {
          version: request.version,
        })
      ).statusCode;
    },
    'POST /api/approvals/DAY_START_FORCE_COMPLETION/requests/:id/reject': async () => {
      const request = await forceRequest();
      const { checker } = await dayStart();
      return (
        await checker.post(`/api/approvals/DAY_START_FORCE_COMPLETION/requests/${request.id}/reject`, {
          version: request.version,
          remarks: 'Retry it instead',
        })
      ).statusCode;
    },
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { createAccount, createOrg, createStaff } from '../collections/factories.ts';
import { accessToken, call, startCluster, type Cluster, type Instance } from './cluster.ts';

// A job runs exactly once with several instances: every instance runs a job worker (main.ts starts it), the jobs are
// queued through both, and each is claimed by one worker, once.

type JobReply = { id: number; status: string; attempts: number; result: unknown };

describe.each(testDatabaseKinds())('jobs on two instances (%s)', (kind) => {
  let cluster: Cluster;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    cluster = await startCluster(kind, { env: { EXPORT_SYNC_MAX_ROWS: '2' } });
    [a, b] = cluster.instances as [Instance, Instance];
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it('runs each of 8 queued jobs exactly once while both instances run workers', async () => {
    const org = await createOrg(cluster.db);
    const collector = await createStaff(cluster.db, org.branch, ['TELECALLER_SAUTH']);
    for (const dpd of [70, 60, 50]) await createAccount(cluster.db, { unit: org.branch, dpd, allocatedTo: collector });
    const token = await accessToken(a, collector, '203.0.113.1');
    const as = { token, unit: org.branch.id };
    const ids: number[] = [];
    for (let index = 0; index < 8; index += 1) {
      const reply = await call(
        index % 2 === 0 ? a : b,
        'GET',
        '/api/collections/trays/telecaller/export?format=csv',
        as,
      );
      expect(reply.status, reply.body).toBe(202);
      ids.push(reply.json<JobReply>().id);
    }
    // The workers poll on their own: wait (bounded) until every job has finished.
    const finished = new Map<number, JobReply>();
    for (let round = 0; round < 600 && finished.size < ids.length; round += 1) {
      for (const id of ids) {
        if (finished.has(id)) continue;
        const reply = await call(round % 2 === 0 ? a : b, 'GET', `/api/jobs/${id}`, as);
        expect(reply.status, reply.body).toBe(200);
        const job = reply.json<JobReply>();
        if (job.status === 'DONE' || job.status === 'FAILED') finished.set(id, job);
      }
      if (finished.size < ids.length) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect([...finished.keys()].sort((x, y) => x - y)).toEqual(ids);
    for (const job of finished.values()) {
      expect(job.status).toBe('DONE');
      // Every claim counts an attempt: one attempt is one run.
      expect(job.attempts).toBe(1);
      expect(job.result).toMatchObject({ rows: 3 });
    }
  });
});

import { sql } from 'drizzle-orm';
import { auditCheckpointJob } from '../../../audit/audit-checkpoint.job.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { enqueueJob } from '../../../jobs/enqueue-job.ts';
import { retentionJob } from '../../processes/index.ts';
import { reportPackJob } from '../../reports/index.ts';
import { refreshBomSnapshot, startCollectionsDay } from '../../collections/index.ts';
import { findUnitsByCode, findUsersByUsername } from '../demo-seed.repository.ts';
import { DEMO_SEED_REQUEST_ID } from './seed-legal-cases.ts';

/** Who queues the demo's first background job: an administrator of the West zone (holds UPLOAD_DASH_SAUTH). */
export const DEMO_JOB_STARTER = { username: 'admin.west', unit: 'ZN-W' } as const;

/**
 * The demo's first background job (first start in demo mode), after a BOM Refresh: a collections day start queued through the job
 * queue as `admin.west` in ZN-W, exactly as the endpoint queues it, so the Upload Dashboard has a job to show. The
 * app's worker runs it once the server listens.
 */
export async function queueDemoDayStart(deps: AppDeps): Promise<number> {
  const [user] = await findUsersByUsername(deps.db, [DEMO_JOB_STARTER.username]);
  const [unit] = await findUnitsByCode(deps.db, [DEMO_JOB_STARTER.unit]);
  if (!user || !unit)
    throw new Error(`demo user ${DEMO_JOB_STARTER.username} or unit ${DEMO_JOB_STARTER.unit} missing`);
  const ctx = {
    requestId: DEMO_SEED_REQUEST_ID,
    ip: '127.0.0.1',
    user: { id: user.id, username: user.username, email: user.email, fullName: user.fullName, familyId: 'demo-seed' },
    actingUnit: { id: unit.id, code: unit.code, path: unit.path, hasChildren: unit.hasChildren },
    app: 'collapp' as const,
  };
  // The Day Start screen's BOM section has a snapshot of the month to show (BOM Refresh, as the screen takes it).
  await refreshBomSnapshot(deps, { ctx });
  const job = await startCollectionsDay(deps, { ctx });
  await seedOperations(deps, ctx);
  return job.id;
}

/**
 * Schedule Process and Cycle Refresh demo data: the card accounts get a statement cycle day (1–28, spread over the
 * month, so Cycle Refresh closes some statements on most business dates), and `admin.west` runs data retention, an
 * audit checkpoint and the daily report pack now (as Run now does), so the screen shows past runs with their
 * duration, outcome and log, and File Download the pack's files of ZN-W.
 */
async function seedOperations(deps: AppDeps, ctx: Parameters<typeof startCollectionsDay>[1]['ctx']): Promise<void> {
  const packPayload = await reportPackJob.schedule!.payload!(deps);
  await withTransaction(deps.db, async (tx) => {
    await tx.execute(
      sql`update accounts set statement_cycle_day = 1 + (id % 28)::int
        where product = 'CREDIT_CARD' and statement_cycle_day is null`,
    );
    for (const kind of [retentionJob, auditCheckpointJob]) {
      await enqueueJob(tx, ctx, {
        kind,
        payload: {},
        at: deps.clock.now(),
        singleton: { key: kind.kind, busyMessage: kind.kind },
      });
    }
    // The daily report pack, as Run now queues it (after the day start above): ZN-W's four CSV files on File Download
    await enqueueJob(tx, ctx, {
      kind: reportPackJob,
      payload: packPayload,
      at: deps.clock.now(),
      singleton: { key: reportPackJob.kind, busyMessage: reportPackJob.kind },
    });
  });
}

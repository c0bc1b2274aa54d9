import type { AppDeps } from '../../../deps.ts';
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
  return job.id;
}

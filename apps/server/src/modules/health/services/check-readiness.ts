import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import { pingDatabase } from '../health.repository.ts';

/** GET /readyz: ready when the database answers. */
export async function checkReadiness(deps: AppDeps): Promise<{ status: 'ready' }> {
  try {
    await pingDatabase(deps.db);
  } catch (error) {
    throw new AppError('SERVICE_UNAVAILABLE', 'The database is not reachable.', { cause: error });
  }
  return { status: 'ready' };
}

import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { insertMapsUsage } from '../maps.repository.ts';

export type MapsUsageInput = { username: string; googleApi: string; callFrom: string };

/**
 * POST /googleApiTrackerApi: records one load of the commercial maps script for the acting unit (the
 * spec's `username` field carries the acting unit's code and must match it).
 */
export async function recordMapsUsage(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: MapsUsageInput },
): Promise<{ error_code: '0' }> {
  if (input.username !== ctx.actingUnit.code) {
    throw validationError('data.username', 'must be the code of the acting unit');
  }
  await withTransaction(deps.db, async (tx) => {
    const id = await insertMapsUsage(tx, {
      unitCode: ctx.actingUnit.code,
      googleApi: input.googleApi,
      callFrom: input.callFrom,
      userId: ctx.user.id,
      createdAt: deps.clock.now(),
    });
    await emitAudit(tx, ctx, {
      action: 'maps.usage',
      entity: 'maps_api_usage',
      entityId: id,
      after: { google_api: input.googleApi, call_from: input.callFrom },
    });
  });
  return { error_code: '0' };
}

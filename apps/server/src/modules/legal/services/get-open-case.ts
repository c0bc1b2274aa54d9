import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { findOpenCaseOfAccount } from '../cases.repository.ts';

/**
 * GET /api/legal/accounts/:accountId/case — the account's open legal case in the acting unit's subtree (the
 * Initiate Legal detail route is addressed by account); 404 when there is none.
 */
export async function getOpenCase(
  deps: AppDeps,
  { ctx, accountId }: { ctx: UnitContext; accountId: number },
): Promise<{ caseId: number; caseNo: string; stage: string }> {
  const found = await findOpenCaseOfAccount(deps.db, { accountId, unitPath: ctx.actingUnit.path });
  if (!found) throw new AppError('NOT_FOUND', 'This account has no open legal case in your units.');
  return { caseId: found.caseId, caseNo: found.caseNo, stage: found.stage };
}

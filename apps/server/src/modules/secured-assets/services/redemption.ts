import type { z } from 'zod';
import type { redemptionStateSchema } from '../secured-assets.schemas.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { actorAuthorities, findCaseInScope, requireAppAuthority } from '../../workflow/index.ts';
import { findRedemptionLock } from '../redemption.repository.ts';
import { REPO_APP, SARFAESI_CODE } from '../secured-assets-constants.ts';

export type RedemptionState = z.infer<typeof redemptionStateSchema>;

/**
 * GET /api/secured-assets/cases/:caseId/redemption — whether the borrower may still redeem a SARFAESI case by
 * paying the dues in full (§13(8)): no longer once its auction notice was published (the lockRedemption effect).
 * A case outside the acting unit's subtree, or of another workflow, answers 404.
 */
export async function getRedemptionState(
  deps: AppDeps,
  { ctx, caseId }: { ctx: UnitContext; caseId: number },
): Promise<RedemptionState> {
  const record = await findCaseInScope(deps.db, { caseId, unitPath: ctx.actingUnit.path });
  if (!record || record.definitionCode !== SARFAESI_CODE) throw new AppError('NOT_FOUND', 'Case not found');
  requireAppAuthority({ app: REPO_APP }, await actorAuthorities(deps.db, ctx, REPO_APP));
  const lock = await findRedemptionLock(deps.db, caseId);
  return lock
    ? { caseId, redeemable: false, lockedOn: lock.lockedOn, publicationDate: lock.publicationDate }
    : { caseId, redeemable: true, lockedOn: null, publicationDate: null };
}

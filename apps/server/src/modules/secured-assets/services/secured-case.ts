import type { Executor } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { findCaseInScope } from '../../workflow/index.ts';
import { SECURED_WORKFLOWS } from '../secured-assets-constants.ts';

/** A repossession or SARFAESI case in the acting unit's subtree; any other case, or one elsewhere, is not found (404). */
export async function securedCaseInScope(db: Executor, ctx: UnitContext, caseId: number) {
  const record = await findCaseInScope(db, { caseId, unitPath: ctx.actingUnit.path });
  if (!record || !(SECURED_WORKFLOWS as readonly string[]).includes(record.definitionCode)) {
    throw new AppError('NOT_FOUND', 'Case not found');
  }
  return record;
}

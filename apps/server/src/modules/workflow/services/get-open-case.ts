import type { OpenCaseReply } from '@recovery-desk/domain/workflow/contracts.ts';
import type { WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { findOpenCaseOfAccountInScope } from '../cases.repository.ts';
import { actorAuthorities, requireAppAuthority } from './case-access.ts';

/**
 * GET /api/workflow/:code/accounts/:accountId/open-case — the account's open case of the workflow in the acting
 * unit's subtree (a detail route addressed by account, e.g. Initiate Legal, opens it). Like the case screen it needs
 * some authority of the workflow's app in the acting unit (403 otherwise); 404 when there is no such case in scope.
 */
export async function getOpenCaseOfAccount(
  deps: AppDeps,
  {
    ctx,
    workflow,
    accountId,
  }: { ctx: UnitContext; workflow: Pick<WorkflowDefinition, 'code' | 'app'>; accountId: number },
): Promise<OpenCaseReply> {
  requireAppAuthority(workflow, await actorAuthorities(deps.db, ctx, workflow.app));
  const found = await findOpenCaseOfAccountInScope(deps.db, {
    accountId,
    definitionCode: workflow.code,
    unitPath: ctx.actingUnit.path,
  });
  if (!found) throw new AppError('NOT_FOUND', `This account has no open ${workflow.code} case in your units.`);
  return found;
}

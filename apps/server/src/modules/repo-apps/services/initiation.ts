import type { z } from 'zod';
import type {
  InitiationCandidates,
  initiationCandidatesQuerySchema,
  RepoWorkflowCode,
} from '@recovery-desk/domain/repo/contracts.ts';
import type { CaseFields } from '@recovery-desk/domain/workflow/case-fields.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { startCaseInTx } from '../../workflow/index.ts';
import { listInitiationCandidates } from '../initiation.repository.ts';

/**
 * GET /api/repo/:code/candidates (the initial stage's authority): a page of the accounts that may start a case. One
 * row past the page says whether another follows (no count: the subtree's past-due book may be large).
 */
export async function listCandidates(
  deps: AppDeps,
  input: { ctx: UnitContext; code: RepoWorkflowCode; query: z.infer<typeof initiationCandidatesQuerySchema> },
): Promise<InitiationCandidates> {
  const { limit, page } = input.query;
  const rows = await listInitiationCandidates(deps.db, {
    definitionCode: input.code,
    unitPath: input.ctx.actingUnit.path,
    ...(input.query.q ? { q: input.query.q } : {}),
    limit: limit + 1,
    offset: (page - 1) * limit,
  });
  return { data: rows.slice(0, limit), hasMore: rows.length > limit };
}

/**
 * POST /api/repo/:code/accounts/:accountId/cases (the initial stage's authority): starts a case on an account of the
 * acting unit's subtree (404 outside it, 409 CASE_ALREADY_OPEN when one is open), through the workflow engine (one
 * transaction, audited), at the definition's initial stage on its active version.
 */
export async function startRepoCase(
  deps: AppDeps,
  input: { ctx: UnitContext; code: RepoWorkflowCode; accountId: number; fields: CaseFields },
): Promise<{ caseId: number; caseNo: string; version: number }> {
  return withTransaction(deps.db, (tx) =>
    startCaseInTx(tx, deps, input.ctx, {
      definitionCode: input.code,
      accountId: input.accountId,
      fields: input.fields,
    }),
  );
}

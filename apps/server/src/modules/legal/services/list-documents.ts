import type { z } from 'zod';
import type { documentsQuerySchema } from '@recovery-desk/domain/legal/contracts.ts';
import { CASE_STATUSES } from '@recovery-desk/domain/workflow/definition.ts';
import type { AppDeps } from '../../../deps.ts';
import { validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { listLegalDocuments } from '../documents.repository.ts';

export type DocumentsQuery = z.infer<typeof documentsQuerySchema>;

/**
 * GET /api/legal/documents — File Download: documents of the subtree's legal cases, newest first, by case number,
 * account number or customer name (q, prefix), document code (NOTICE: the generated notices), created date range
 * and case status. The files download through the workflow's case document route.
 */
export async function listDocuments(deps: AppDeps, { ctx, query }: { ctx: UnitContext; query: DocumentsQuery }) {
  if (query.status && !(CASE_STATUSES as readonly string[]).includes(query.status)) {
    throw validationError('status', `must be one of ${CASE_STATUSES.join(', ')}`);
  }
  if (query.from && query.to && query.from > query.to)
    throw validationError('to', `Date should be on or after ${query.from}`);
  const { rows, count } = await listLegalDocuments(deps.db, {
    unitPath: ctx.actingUnit.path,
    q: query.q || undefined,
    code: query.code || undefined,
    from: query.from,
    to: query.to,
    caseStatus: query.status || undefined,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { data: rows, count, page: query.page, pageSize: query.pageSize };
}

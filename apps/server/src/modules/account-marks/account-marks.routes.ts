import {
  activeMarksPageSchema,
  activeMarksQuerySchema,
  markLookupQuerySchema,
  markLookupReplySchema,
} from '@recovery-desk/domain/collections/account-marks.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { unitContext } from '../../http/request-context.ts';
import {
  findAccountByNumber,
  listAccountDocuments,
  listAccountMarks,
  listActiveMarks,
} from './account-marks.repository.ts';

const security = [{ bearer: [] }];
const tags = ['account-marks'];

/**
 * The reads of the marking screens. Requests and decisions are the approval kit's routes (flows ACCOUNT_MARKING and
 * ACCOUNT_UNMARKING under /api/approvals/…).
 */
export function accountMarksRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/account-marks/lookup',
      {
        config: { auth: { app: 'collapp', authority: 'MAN_ACC_MARK_SAUTH' } },
        schema: {
          tags,
          summary: 'An account of the subtree by number, with its marks (active and ended) and the configured marks',
          security,
          querystring: markLookupQuerySchema,
          response: { 200: markLookupReplySchema },
        },
      },
      async (request) => {
        const ctx = unitContext(request.ctx);
        const account = await findAccountByNumber(deps.db, {
          accountNo: request.query.accountNo,
          unitPath: ctx.actingUnit.path,
        });
        if (!account) throw new AppError('NOT_FOUND', 'Account not found');
        return {
          account,
          marks: await listAccountMarks(deps.db, account.id),
          codes: [...deps.config.accountMarks],
          documents: await listAccountDocuments(deps.db, account.id),
        };
      },
    );

    app.get(
      '/api/account-marks/active',
      {
        config: { auth: { app: 'collapp', authority: 'MAN_ACC_UNMARK_SAUTH' } },
        schema: {
          tags,
          summary: 'The active marks of the acting unit’s subtree, newest first',
          security,
          querystring: activeMarksQuerySchema,
          response: { 200: activeMarksPageSchema },
        },
      },
      async (request) => {
        const ctx = unitContext(request.ctx);
        const page = await listActiveMarks(deps.db, {
          unitPath: ctx.actingUnit.path,
          mark: request.query.mark,
          page: request.query.page,
        });
        return { ...page, page: request.query.page };
      },
    );
  };
}

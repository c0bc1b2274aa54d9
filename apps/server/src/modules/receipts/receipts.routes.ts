import {
  approveReceiptSchema,
  captureAccountQuerySchema,
  captureAccountSchema,
  captureReceiptSchema,
  receiptBooksReplySchema,
  receiptDetailSchema,
  receiptExportQuerySchema,
  receiptListPageSchema,
  receiptListQuerySchema,
  receiptRowSchema,
  rejectReceiptSchema,
  requestCancellationSchema,
} from '@recovery-desk/domain/receipts/contracts.ts';
import { idParam } from '@recovery-desk/domain/numeric-params.ts';
import type { AuthorityCode } from '@recovery-desk/domain/authorities.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { idempotentPost } from '../../http/idempotency.ts';
import { unitContext } from '../../http/request-context.ts';
import { exportReceipts } from './services/export-receipts.ts';
import {
  captureAccount,
  captureReceiptInTx,
  decideCancellation,
  decideVerification,
  getReceiptDetail,
  listAccountReceipts,
  listReceiptPage,
  receiptBooks,
  requestCancellation,
  type ReceiptListName,
} from './services/receipt-services.ts';
import { sendFile } from '../../http/send-file.ts';

const security = [{ bearer: [] }];
const tags = ['receipts'];
const idParams = z.strictObject({ id: idParam });

/**
 * Receipt Capture is a collector's work (the spec names the screen by label only and gives it no authority; the
 * collector's FIELD_COLLECTOR_SAUTH is the nearest: docs/architecture.md "Receipts").
 */
export const RECEIPT_CAPTURE_AUTHORITY = 'FIELD_COLLECTOR_SAUTH';
const capture = { app: 'collapp', authority: RECEIPT_CAPTURE_AUTHORITY } as const;
type Auth = { app: 'collapp'; authority: AuthorityCode };
const viewer: Auth = { app: 'collapp', authority: 'RECEIPT_VIEWER_SAUTH' };
const verifier: Auth = { app: 'collapp', authority: 'PAY_VERIFICATION_SAUTH' };
const canceller: Auth = { app: 'collapp', authority: 'PAY_CANCELLATION_SAUTH' };
const cancelApprover: Auth = { app: 'collapp', authority: 'RECEIPT_CANCEL_AUTHOR_SAUTH' };

/** Receipts (issue 13): capture (idempotent), the work lists, verification, cancellation, the viewer and books. */
export function receiptsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/receipts',
      {
        config: { auth: capture },
        schema: {
          tags,
          summary:
            'Capture a receipt on an account of the subtree and post it (header Idempotency-Key required: a repeat gets the first reply)',
          security,
          body: captureReceiptSchema,
          response: { 201: receiptRowSchema },
        },
      },
      (request, reply) =>
        idempotentPost(deps.db, request, reply, async (tx) => ({
          statusCode: 201,
          body: await captureReceiptInTx(deps, tx, { ctx: unitContext(request.ctx), body: request.body }),
        })),
    );

    app.get(
      '/api/receipts/capture/account',
      {
        config: { auth: capture },
        schema: {
          tags,
          summary: 'An account of the subtree by number, with the caller’s receipt books, for the capture form',
          security,
          querystring: captureAccountQuerySchema,
          response: { 200: captureAccountSchema },
        },
      },
      (request) => captureAccount(deps, { ctx: unitContext(request.ctx), accountNo: request.query.accountNo }),
    );

    const lists: [string, ReceiptListName, Auth][] = [
      ['/api/receipts', 'viewer', viewer],
      ['/api/receipts/verification', 'verification', verifier],
      ['/api/receipts/cancellable', 'cancellation', canceller],
      ['/api/receipts/cancel-requests', 'cancelApproval', cancelApprover],
    ];
    for (const [url, list, auth] of lists) {
      app.get(
        url,
        {
          config: { auth },
          schema: {
            tags,
            summary: `Receipts of the subtree (${list}), newest first, with filters`,
            security,
            querystring: receiptListQuerySchema,
            response: { 200: receiptListPageSchema },
          },
        },
        (request) => listReceiptPage(deps, { ctx: unitContext(request.ctx), list, query: request.query }),
      );
    }

    app.get(
      '/api/receipts/export',
      {
        config: { auth: viewer },
        schema: {
          tags,
          summary: 'The Receipt Viewer’s filters as CSV or XLSX',
          security,
          querystring: receiptExportQuerySchema,
        },
      },
      async (request, reply) => {
        const { format, ...query } = request.query;
        const file = await exportReceipts(deps, { ctx: unitContext(request.ctx), query, format });
        return sendFile(reply, { contentType: file.contentType, fileName: file.fileName, body: file.body });
      },
    );

    app.get(
      '/api/receipts/books',
      {
        config: { auth: viewer },
        schema: {
          tags,
          summary: 'Receipt books of the subtree: numbers used, and the unused numbers below the highest used (gaps)',
          security,
          response: { 200: receiptBooksReplySchema },
        },
      },
      (request) => receiptBooks(deps, { ctx: unitContext(request.ctx) }),
    );

    app.get(
      '/api/receipts/:id',
      {
        config: { auth: viewer },
        schema: {
          tags,
          summary: 'A receipt of the subtree with its posting split and history',
          security,
          params: idParams,
          response: { 200: receiptDetailSchema },
        },
      },
      (request) => getReceiptDetail(deps, { ctx: unitContext(request.ctx), id: request.params.id }),
    );

    app.get(
      '/api/receipts/accounts/:id',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'The receipts of an account of the subtree (the account view)',
          security,
          params: idParams,
          response: { 200: receiptListPageSchema },
        },
      },
      (request) => listAccountReceipts(deps, { ctx: unitContext(request.ctx), accountId: request.params.id }),
    );

    const decisions: [string, Auth, boolean, string, typeof decideVerification][] = [
      ['/api/receipts/:id/verify', verifier, true, 'Verify a receipt (not its collector)', decideVerification],
      [
        '/api/receipts/:id/reject',
        verifier,
        false,
        'Reject a receipt at verification (remarks): its posting is reversed exactly',
        decideVerification,
      ],
      [
        '/api/receipts/:id/cancellation/approve',
        cancelApprover,
        true,
        'Approve a cancellation (not its requester): the posting is reversed exactly',
        decideCancellation,
      ],
      [
        '/api/receipts/:id/cancellation/reject',
        cancelApprover,
        false,
        'Reject a cancellation (remarks): the receipt is verified again',
        decideCancellation,
      ],
    ];
    for (const [url, auth, approve, summary, decide] of decisions) {
      app.post(
        url,
        {
          config: { auth },
          schema: {
            tags,
            summary,
            security,
            params: idParams,
            body: approve ? approveReceiptSchema : rejectReceiptSchema,
            response: { 200: receiptRowSchema },
          },
        },
        (request) => {
          const body = request.body as { version: number; remarks?: string | undefined };
          return decide(deps, {
            ctx: unitContext(request.ctx),
            id: request.params.id,
            approve,
            version: body.version,
            remarks: body.remarks,
          });
        },
      );
    }

    app.post(
      '/api/receipts/:id/cancellation',
      {
        config: { auth: canceller },
        schema: {
          tags,
          summary: 'Request the cancellation of a verified receipt (reason, remarks); another user decides it',
          security,
          params: idParams,
          body: requestCancellationSchema,
          response: { 200: receiptRowSchema },
        },
      },
      (request) =>
        requestCancellation(deps, { ctx: unitContext(request.ctx), id: request.params.id, input: request.body }),
    );
  };
}

import multipart from '@fastify/multipart';
import { approvalDecisionInputSchemaFor } from '@recovery-desk/domain/approvals/contracts.ts';
import type { AuthorityCode } from '@recovery-desk/domain/authorities.ts';
import { idParam } from '@recovery-desk/domain/numeric-params.ts';
import {
  batchCandidatesQuerySchema,
  batchDetailSchema,
  batchGenerateInputSchema,
  batchListQuerySchema,
  batchPageSchema,
  candidatePageSchema,
  eftCancelInputSchema,
  eftReceiptPageSchema,
  eftReceiptSchema,
  pagedQuerySchema,
  reconciliationReportSchema,
  reportExportQuerySchema,
  statementPageSchema,
  undepositedPageSchema,
  upiCallbackReplySchema,
  upiCollectInputSchema,
  upiListQuerySchema,
  upiPageSchema,
  upiRequestSchema,
} from '@recovery-desk/domain/payments/contracts.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_MAX_BYTES } from '../../documents/document-types.ts';
import type { AppDeps } from '../../deps.ts';
import { idempotentPost } from '../../http/idempotency.ts';
import { readUpload } from '../../http/multipart-upload.ts';
import { unitContext } from '../../http/request-context.ts';
import type { ApprovalHandler } from '../approvals/index.ts';
import {
  decideBatch,
  generateBatchInTx,
  listBatchCandidates,
  listBatches,
  listUndepositedCash,
  refusingRaces,
  requireBatch,
} from './services/batches.ts';
import { demoStatementFile } from './services/demo-statement.ts';
import { cancelEftReceipt, listUncreditedReceipts } from './services/eft-cancel.ts';
import {
  exportReconciliationReport,
  listStatements,
  reconciliationReport,
  uploadStatement,
} from './services/reconciliation.ts';
import {
  dispatchUpiCollect,
  listUpiRequests,
  recordUpiCollectInTx,
  receiveUpiCallback,
  requireUpiRequest,
  sandboxPayerAction,
} from './services/upi.ts';
import { sandboxOf } from './upi/providers.ts';
import { sendFile } from '../../http/send-file.ts';

const security = [{ bearer: [] }];
const tags = ['payments'];
const collapp = (authority: AuthorityCode) => ({ auth: { app: 'collapp', authority } as const });
const idParams = z.strictObject({ id: idParam });

export const UPI_CALLBACK_PATH = '/api/payments/upi/callback';

/**
 * UPI collection, payment batches, reconciliation and EFT Receipt Cancel (issue 13). Authorities: UPI collection
 * PAY_VERIFICATION_SAUTH (the payments desk); batch generation PAY_BATCH_GEN_SAUTH, approval PAY_BATCH_GEN_APP_SAUTH,
 * viewer PAY_BATCH_VIEWER_SAUTH; reconciliation and EFT cancel PAY_BATCH_RECONCILIATION_SAUTH. The provider's
 * callback is public and answers only a valid signature.
 */
export function paymentsRoutes(deps: AppDeps, handler: ApprovalHandler<never>): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
    });

    // ------------------------------------------------------------------ UPI collection
    const upi = collapp('PAY_VERIFICATION_SAUTH');
    app.post(
      '/api/payments/upi/requests',
      {
        config: upi,
        schema: {
          tags,
          summary: 'Send a UPI collect request to the payer’s VPA through the payment provider',
          security,
          body: upiCollectInputSchema,
          response: { 200: upiRequestSchema },
        },
      },
      // Idempotency-Key: the same key and body give the first reply (and one request); the provider is asked after
      // the commit, once (dispatchUpiCollect sends only a request the provider has not acknowledged).
      async (request, reply) => {
        const ctx = unitContext(request.ctx);
        const recorded = await idempotentPost(deps.db, request, reply, async (tx) => ({
          statusCode: 200,
          body: await recordUpiCollectInTx(tx, deps, { ctx, input: request.body }),
        }));
        await dispatchUpiCollect(deps, recorded.txnId);
        return recorded;
      },
    );
    app.get(
      '/api/payments/upi/requests',
      {
        config: upi,
        schema: {
          tags,
          summary: 'UPI collect requests of the subtree',
          security,
          querystring: upiListQuerySchema,
          response: { 200: upiPageSchema },
        },
      },
      (request) => listUpiRequests(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );
    app.get(
      '/api/payments/upi/requests/:id',
      {
        config: upi,
        schema: {
          tags,
          summary: 'One UPI collect request',
          security,
          params: idParams,
          response: { 200: upiRequestSchema },
        },
      },
      (request) => requireUpiRequest(deps.db, unitContext(request.ctx), request.params.id),
    );
    if (sandboxOf(deps)) {
      for (const action of ['approve', 'decline'] as const) {
        app.post(
          `/api/payments/upi/requests/:id/sandbox-payer-${action}`,
          {
            config: upi,
            schema: {
              tags,
              summary: `Sandbox PSP only (demo mode and tests): the payer ${action}s the collect in their UPI app`,
              security,
              params: idParams,
              response: { 200: upiRequestSchema },
            },
          },
          (request) => sandboxPayerAction(deps, { ctx: unitContext(request.ctx), id: request.params.id, action }),
        );
      }
    }

    // The provider's callback: public, raw body (the signature is over its exact bytes).
    await app.register(async (callbackApp) => {
      callbackApp.removeAllContentTypeParsers();
      callbackApp.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) =>
        done(null, body),
      );
      callbackApp.post(
        UPI_CALLBACK_PATH,
        {
          config: { auth: 'public' },
          schema: {
            tags,
            summary:
              'The payment provider’s callback: HMAC-SHA256 of the raw body in X-UPI-Signature (401 otherwise); ' +
              'idempotent (a repeated or late event posts no second receipt)',
            response: { 200: upiCallbackReplySchema },
          },
        },
        (request) =>
          receiveUpiCallback(deps, {
            rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            headers: request.headers,
            requestId: String(request.id),
            ip: request.ip,
          }),
      );
    });

    // ------------------------------------------------------------------ payment batches
    const gen = collapp('PAY_BATCH_GEN_SAUTH');
    const approve = collapp('PAY_BATCH_GEN_APP_SAUTH');
    const viewer = collapp('PAY_BATCH_VIEWER_SAUTH');
    app.get(
      '/api/payments/batches/candidates',
      {
        config: gen,
        schema: {
          tags,
          summary: 'Verified cash and cheque receipts of the subtree in no live batch',
          security,
          querystring: batchCandidatesQuerySchema,
          response: { 200: candidatePageSchema },
        },
      },
      (request) => listBatchCandidates(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );
    app.get(
      '/api/payments/batches/undeposited-cash',
      {
        config: gen,
        schema: {
          tags,
          summary: 'Collected vs deposited: verified cash not in an approved batch by the next business date',
          security,
          querystring: pagedQuerySchema,
          response: { 200: undepositedPageSchema },
        },
      },
      (request) => listUndepositedCash(deps, { ctx: unitContext(request.ctx), ...request.query }),
    );
    app.post(
      '/api/payments/batches',
      {
        config: gen,
        schema: {
          tags,
          summary: 'Generate a deposit batch (branch, day, deposit slip) and send it for approval',
          security,
          body: batchGenerateInputSchema,
          response: { 200: batchDetailSchema },
        },
      },
      // Idempotency-Key: a repeated post gives the first batch, never a second one.
      (request, reply) =>
        refusingRaces(() =>
          idempotentPost(deps.db, request, reply, async (tx) => ({
            statusCode: 200,
            body: await generateBatchInTx(tx, deps, { ctx: unitContext(request.ctx), input: request.body, handler }),
          })),
        ),
    );
    for (const [path, config] of [
      ['generation', gen],
      ['approval', approve],
      ['viewer', viewer],
    ] as const) {
      app.get(
        `/api/payments/batches/${path}`,
        {
          config,
          schema: {
            tags,
            summary: `Batches of the subtree in a view (Initiated, Approved, Rejected) for the ${path} screen`,
            security,
            querystring: batchListQuerySchema,
            response: { 200: batchPageSchema },
          },
        },
        (request) => listBatches(deps, { ctx: unitContext(request.ctx), query: request.query }),
      );
      app.get(
        `/api/payments/batches/${path}/:id`,
        {
          config,
          schema: {
            tags,
            summary: 'A batch with its receipts',
            security,
            params: idParams,
            response: { 200: batchDetailSchema },
          },
        },
        (request) => requireBatch(deps.db, unitContext(request.ctx), request.params.id),
      );
    }
    for (const decision of ['approve', 'reject'] as const) {
      app.post(
        `/api/payments/batches/:id/${decision}`,
        {
          config: approve,
          schema: {
            tags,
            summary: `${decision} a batch (checker ≠ maker; reject needs remarks and frees its receipts)`,
            security,
            params: idParams,
            body: approvalDecisionInputSchemaFor(decision),
            response: { 200: batchDetailSchema },
          },
        },
        (request) =>
          decideBatch(deps, {
            ctx: unitContext(request.ctx),
            id: request.params.id,
            decision,
            version: request.body.version,
            remarks: request.body.remarks ?? undefined,
            handler,
          }),
      );
    }

    // ------------------------------------------------------------------ reconciliation and EFT cancel
    const recon = collapp('PAY_BATCH_RECONCILIATION_SAUTH');
    app.post(
      '/api/payments/reconciliation/statements',
      {
        config: recon,
        schema: {
          tags,
          summary: 'Upload the bank statement’s credits (multipart field file: CSV or XLSX) and reconcile them',
          security,
          response: { 200: reconciliationReportSchema },
        },
      },
      (request) => uploadStatement(deps, { ctx: unitContext(request.ctx), readUpload: () => readUpload(request) }),
    );
    app.get(
      '/api/payments/reconciliation/statements',
      {
        config: recon,
        schema: {
          tags,
          summary: 'Uploaded statements, newest first',
          security,
          querystring: pagedQuerySchema,
          response: { 200: statementPageSchema },
        },
      },
      (request) => listStatements(deps, { ctx: unitContext(request.ctx), ...request.query }),
    );
    app.get(
      '/api/payments/reconciliation/statements/:id',
      {
        config: recon,
        schema: {
          tags,
          summary: 'The reconciliation report of a statement: matched, and unmatched on either side',
          security,
          params: idParams,
          response: { 200: reconciliationReportSchema },
        },
      },
      (request) => reconciliationReport(deps, { ctx: unitContext(request.ctx), statementId: request.params.id }),
    );
    app.get(
      '/api/payments/reconciliation/statements/:id/export',
      {
        config: recon,
        schema: {
          tags,
          summary: 'The reconciliation report as CSV or XLSX',
          security,
          params: idParams,
          querystring: reportExportQuerySchema,
        },
      },
      async (request, reply) => {
        const file = await exportReconciliationReport(deps, {
          ctx: unitContext(request.ctx),
          statementId: request.params.id,
          format: request.query.format,
        });
        return sendFile(reply, { contentType: file.contentType, fileName: file.fileName, body: file.body });
      },
    );
    if (deps.config.demoMode) {
      app.get(
        '/api/payments/reconciliation/demo-statement',
        {
          config: recon,
          schema: {
            tags,
            summary: 'Demo mode only: a bank statement (CSV) of the demo’s deposits, ready to reconcile',
            security,
          },
        },
        async (request, reply) => {
          const file = await demoStatementFile(deps, unitContext(request.ctx));
          return sendFile(reply, { contentType: file.contentType, fileName: file.fileName, body: file.body });
        },
      );
    }
    app.get(
      '/api/payments/eft-receipts',
      {
        config: recon,
        schema: {
          tags,
          summary: 'Electronic receipts of the subtree no bank credit matched (candidates for EFT Receipt Cancel)',
          security,
          querystring: pagedQuerySchema,
          response: { 200: eftReceiptPageSchema },
        },
      },
      (request) => listUncreditedReceipts(deps, { ctx: unitContext(request.ctx), ...request.query }),
    );
    app.post(
      '/api/payments/eft-receipts/:id/cancel',
      {
        config: recon,
        schema: {
          tags,
          summary: 'Cancel an electronic receipt the bank never credited (reverses its posting; reason and remarks)',
          security,
          params: idParams,
          body: eftCancelInputSchema,
          response: { 200: eftReceiptSchema },
        },
      },
      (request) =>
        cancelEftReceipt(deps, { ctx: unitContext(request.ctx), receiptId: request.params.id, input: request.body }),
    );
  };
}

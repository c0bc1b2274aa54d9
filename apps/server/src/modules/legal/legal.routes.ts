import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountIdParam,
  documentsQuerySchema,
  fiMatterInputSchema,
  fiMatterRowSchema,
  fiMatterUpdateSchema,
  initiateInputSchema,
  initiateReplySchema,
  legalDashboardSchema,
  legalSettingsInputSchema,
  legalSettingsSchema,
  noticeInputSchema,
  pagedQuerySchema,
  poolAccountSchema,
  poolDeclineInputSchema,
} from '@recovery-desk/domain/legal/contracts.ts';
import type { AuthorityCode } from '@recovery-desk/domain/authorities.ts';
import { jobSchema } from '@recovery-desk/domain/jobs/contracts.ts';
import type { AppDeps } from '../../deps.ts';
import { unitContext } from '../../http/request-context.ts';
import { DOCUMENT_MAX_BYTES } from '../../documents/document-types.ts';
import { readUpload } from '../../http/multipart-upload.ts';
import {
  documentPageSchema,
  fiPageSchema,
  matterParamsSchema,
  poolListQuerySchema,
  poolPageSchema,
  templateQuerySchema,
  uploadPageSchema,
  uploadParamsSchema,
} from './legal.schemas.ts';
import { createAgainstFi, listAgainstFi, updateAgainstFi } from './services/against-fi.ts';
import { getLegalDashboard } from './services/get-dashboard.ts';
import { listDocuments } from './services/list-documents.ts';
import { getPoolAccount, listPool } from './services/list-pool.ts';
import { declinePoolAccounts, initiatePoolCases } from './services/pool-cases.ts';
import { requestNotices } from './services/send-notices.ts';
import { getLegalSettings, updateLegalSettings } from './services/settings.ts';
import { listUploads, processUpload, uploadErrorsCsv, uploadTemplate } from './services/uploads.ts';
import { sendFile } from '../../http/send-file.ts';

const security = [{ bearer: [] }];
const tags = ['legal'];
const legal = (authority: AuthorityCode) => ({ auth: { app: 'legalapp', authority } as const });

/** The legal app of issue 4 beyond the generic workflow routes: pool, dashboard, settings, notices, files, FI. */
export function legalRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Encapsulated here: only the file upload route takes multipart bodies.
    await app.register(multipart, {
      limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
    });

    app.get(
      '/api/legal/pool',
      {
        config: legal('LEGAL_POOL_SAUTH'),
        schema: {
          tags,
          summary: 'Legal Eligible Pool: accounts meeting the pool rule (keyset pages; Team View unless view=my)',
          security,
          querystring: poolListQuerySchema,
          response: { 200: poolPageSchema },
        },
      },
      (request) => listPool(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );

    app.get(
      '/api/legal/pool/accounts/:accountId',
      {
        config: legal('LEGAL_POOL_SAUTH'),
        schema: {
          tags,
          summary: 'A pool account: summary, reasons it is not eligible, bounced cheques, open legal case',
          security,
          params: accountIdParam,
          response: { 200: poolAccountSchema },
        },
      },
      (request) => getPoolAccount(deps, { ctx: unitContext(request.ctx), accountId: request.params.accountId }),
    );

    app.post(
      '/api/legal/pool/initiate',
      {
        config: legal('LEGAL_POOL_SAUTH'),
        schema: {
          tags,
          summary: 'Initiate legal for pool accounts: one case each at Initiate Legal (all or nothing)',
          security,
          body: initiateInputSchema,
          response: { 200: initiateReplySchema },
        },
      },
      (request) => initiatePoolCases(deps, { ctx: unitContext(request.ctx), input: request.body }),
    );

    app.post(
      '/api/legal/pool/decline',
      {
        config: legal('LEGAL_POOL_SAUTH'),
        schema: {
          tags,
          summary: '"Not fit for legal": a declined case per account keeps it out of the pool for the cool-off',
          security,
          body: poolDeclineInputSchema,
          response: { 200: initiateReplySchema },
        },
      },
      (request) => declinePoolAccounts(deps, { ctx: unitContext(request.ctx), input: request.body }),
    );

    app.get(
      '/api/legal/dashboard',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'Legal work per stage, overdue cases and hearings of the next 14 days (any legalapp authority)',
          security,
          response: { 200: legalDashboardSchema },
        },
      },
      (request) => getLegalDashboard(deps, { ctx: unitContext(request.ctx) }),
    );

    app.get(
      '/api/legal/settings',
      {
        config: legal('LEGAL_SETTINGS_SAUTH'),
        schema: {
          tags,
          summary: 'Legal settings: pool rule, timelines, active definition version, notice templates',
          security,
          response: { 200: legalSettingsSchema },
        },
      },
      () => getLegalSettings(deps),
    );

    app.put(
      '/api/legal/settings',
      {
        config: legal('LEGAL_SETTINGS_SAUTH'),
        schema: {
          tags,
          summary: 'Change the legal settings (version required; new timelines publish a new definition version)',
          security,
          body: legalSettingsInputSchema,
          response: { 200: legalSettingsSchema },
        },
      },
      (request) => updateLegalSettings(deps, { ctx: unitContext(request.ctx), input: request.body }),
    );

    app.post(
      '/api/legal/notices',
      {
        config: legal('LEGAL_NOTICE_SAUTH'),
        schema: {
          tags,
          summary:
            'Generate the legal notices of cases at Send Legal Notice: stored on each case, answered as one PDF ' +
            '(for more than NOTICE_SYNC_MAX_CASES cases: 202 with the job whose result is the PDF)',
          security,
          body: noticeInputSchema,
        },
      },
      async (request, reply) => {
        const requested = await requestNotices(deps, { ctx: unitContext(request.ctx), input: request.body });
        if ('job' in requested) return reply.code(202).send(requested.job);
        const { file } = requested;
        return sendFile(reply, { contentType: 'application/pdf', fileName: file.fileName, body: file.pdf });
      },
    );

    const againstFi = legal('LEGAL_AGAINST_FI_SAUTH');
    app.get(
      '/api/legal/against-fi',
      {
        config: againstFi,
        schema: {
          tags,
          summary: 'Legal matters against the lender (q: matter no, petitioner, case number; status OPEN/DISPOSED)',
          security,
          querystring: pagedQuerySchema,
          response: { 200: fiPageSchema },
        },
      },
      (request) => listAgainstFi(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );

    app.post(
      '/api/legal/against-fi',
      {
        config: againstFi,
        schema: {
          tags,
          summary: 'Record a matter against the lender (numbered FI/<year>/<nnnnnn>, owned by the acting unit)',
          security,
          body: fiMatterInputSchema,
          response: { 200: fiMatterRowSchema },
        },
      },
      (request) => createAgainstFi(deps, { ctx: unitContext(request.ctx), input: request.body }),
    );

    app.patch(
      '/api/legal/against-fi/:id',
      {
        config: againstFi,
        schema: {
          tags,
          summary: 'Update a matter: next hearing, advocate, status and outcome (version required)',
          security,
          params: matterParamsSchema,
          body: fiMatterUpdateSchema,
          response: { 200: fiMatterRowSchema },
        },
      },
      (request) =>
        updateAgainstFi(deps, { ctx: unitContext(request.ctx), matterId: request.params.id, input: request.body }),
    );

    const uploads = legal('LEGAL_FILE_UPLOAD_SAUTH');
    app.post(
      '/api/legal/uploads',
      {
        config: uploads,
        schema: {
          tags,
          summary:
            'Upload case initiations or hearing updates (multipart: kind, file .xlsx or .csv): 202 with the job that ' +
            'runs the rows apart; its result is the upload record',
          security,
          response: { 202: jobSchema },
        },
      },
      async (request, reply) =>
        reply
          .code(202)
          .send(await processUpload(deps, { ctx: unitContext(request.ctx), readUpload: () => readUpload(request) })),
    );

    app.get(
      '/api/legal/uploads',
      {
        config: uploads,
        schema: {
          tags,
          summary: 'The upload dashboard: uploaded files with their row counts, newest first',
          security,
          querystring: pagedQuerySchema,
          response: { 200: uploadPageSchema },
        },
      },
      (request) => listUploads(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );

    app.get(
      '/api/legal/uploads/template',
      {
        config: uploads,
        schema: {
          tags,
          summary: 'An XLSX template of an upload kind: the header row and one example row',
          security,
          querystring: templateQuerySchema,
        },
      },
      async (request, reply) => {
        const file = await uploadTemplate(request.query.kind);
        return sendFile(reply, { contentType: file.contentType, fileName: file.fileName, body: file.body });
      },
    );

    app.get(
      '/api/legal/uploads/:id/errors',
      {
        config: uploads,
        schema: {
          tags,
          summary: 'The row errors of an upload as CSV (row, field, message)',
          security,
          params: uploadParamsSchema,
        },
      },
      async (request, reply) => {
        const file = await uploadErrorsCsv(deps, { ctx: unitContext(request.ctx), uploadId: request.params.id });
        return sendFile(reply, { contentType: file.contentType, fileName: file.fileName, body: file.body });
      },
    );

    app.get(
      '/api/legal/documents',
      {
        config: legal('LEGAL_FILE_DOWNLOAD_SAUTH'),
        schema: {
          tags,
          summary: 'File Download: documents of legal cases (code NOTICE: generated notices; from/to: created date)',
          security,
          querystring: documentsQuerySchema,
          response: { 200: documentPageSchema },
        },
      },
      (request) => listDocuments(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );
  };
}

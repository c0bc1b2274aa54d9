import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  initiationCandidatesQuerySchema,
  initiationCandidatesSchema,
  linkedAccountsSchema,
  REPO_WORKFLOW_CODES,
  repoDashboardSchema,
  repoSettingsInputSchema,
  repoSettingsParamsSchema,
  repoSettingsSchema,
  startCaseInputSchema,
  startCaseReplySchema,
} from '@recovery-desk/domain/repo/contracts.ts';
import { jobSchema } from '@recovery-desk/domain/jobs/contracts.ts';
import {
  dmFilingParamsSchema,
  dmFilingReplySchema,
  dmFilingsQuerySchema,
  dmFilingsReplySchema,
} from '@recovery-desk/domain/repo/dm-filings.ts';
import { idParam } from '@recovery-desk/domain/numeric-params.ts';
import {
  repoCaseExportQuerySchema,
  REPO_UPLOAD_AUTHORITY,
  repoUploadKindsSchema,
  repoUploadPageSchema,
  repoUploadsQuerySchema,
  repoUploadTemplateQuerySchema,
} from '@recovery-desk/domain/repo/uploads.ts';
import { accountIdParam } from '@recovery-desk/domain/workflow/contracts.ts';
import { findBuiltInDefinition } from '@recovery-desk/domain/workflow/definitions/catalogue.ts';
import type { AuthorityCode } from '@recovery-desk/domain/authorities.ts';
import type { AppDeps } from '../../deps.ts';
import { DOCUMENT_MAX_BYTES } from '../../documents/document-types.ts';
import { readUpload } from '../../http/multipart-upload.ts';
import { unitContext } from '../../http/request-context.ts';
import { exportRepoCases } from './services/case-export.ts';
import { getRepoDashboard } from './services/get-dashboard.ts';
import { listCandidates, startRepoCase } from './services/initiation.ts';
import { getLinkedAccounts } from './services/linked-accounts.ts';
import { getDmFiling, listDmFilings } from './services/dm-filings.ts';
import { getRepoSettings, updateRepoSettings } from './services/settings.ts';
import {
  listRepoUploads,
  processRepoUpload,
  repoUploadErrorsCsv,
  repoUploadKinds,
  repoUploadTemplate,
} from './services/uploads.ts';
import { sendFile } from '../../http/send-file.ts';

const security = [{ bearer: [] }];
const tags = ['repossession'];
const repo = (authority: AuthorityCode) => ({ auth: { app: 'repoapp', authority } as const });

/**
 * The repossession app's dashboard and settings (issue 15). Its stage trays and case screens are the generic workflow
 * routes; its documents and widgets are the secured-assets module's.
 */
export function repoAppsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Encapsulated here: only the file upload routes take multipart bodies.
    await app.register(multipart, {
      limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
    });

    app.get(
      '/api/repo/accounts/:accountId/linked',
      {
        config: repo('Link_Lan_AccDtl_SAUTH'),
        schema: {
          tags,
          summary:
            "Linked Account Details: the borrower's loan accounts in the unit subtree, their exposure and open cases",
          security,
          params: accountIdParam,
          response: { 200: linkedAccountsSchema },
        },
      },
      (request) => getLinkedAccounts(deps, { ctx: unitContext(request.ctx), accountId: request.params.accountId }),
    );

    app.get(
      '/api/repo/dm-filings',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary:
            'DM Filing: the SARFAESI cases of the subtree in §14 proceedings before the CMM/DM, with the order clock (any user of the repossession app)',
          security,
          querystring: dmFilingsQuerySchema,
          response: { 200: dmFilingsReplySchema },
        },
      },
      (request) => listDmFilings(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );

    app.get(
      '/api/repo/dm-filings/:caseId',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: "One SARFAESI case's §14 proceeding (the DM Filing case screen)",
          security,
          params: dmFilingParamsSchema,
          response: { 200: dmFilingReplySchema },
        },
      },
      (request) => getDmFiling(deps, { ctx: unitContext(request.ctx), caseId: request.params.caseId }),
    );

    app.get(
      '/api/repo/dashboard',
      {
        config: repo('DASH_REPO_SAUTH'),
        schema: {
          tags,
          summary: 'Repossession and SARFAESI work per stage: counts, ageing, overdue statutory dates',
          security,
          response: { 200: repoDashboardSchema },
        },
      },
      (request) => getRepoDashboard(deps, { ctx: unitContext(request.ctx) }),
    );

    app.get(
      '/api/repo/downloads/cases',
      {
        config: repo('DASH_REPO_SAUTH'),
        schema: {
          tags,
          summary:
            'File Download: the cases of a workflow (stage, open or closed, opened from–to) as XLSX with a column per ' +
            'case field; a large selection is a job (202) whose result is the file',
          security,
          querystring: repoCaseExportQuerySchema,
        },
      },
      async (request, reply) => {
        const exported = await exportRepoCases(deps, { ctx: unitContext(request.ctx), query: request.query });
        if ('job' in exported) return reply.code(202).send(exported.job);
        const { file } = exported;
        return sendFile(reply, { contentType: file.contentType, fileName: file.fileName, body: file.body });
      },
    );

    app.get(
      '/api/repo/settings',
      {
        config: repo('REPO_SETTINGS_SAUTH'),
        schema: {
          tags,
          summary: 'Repossession Settings: the REPOSSESSION and SARFAESI timelines, active definition versions',
          security,
          response: { 200: repoSettingsSchema },
        },
      },
      () => getRepoSettings(deps),
    );

    app.put(
      '/api/repo/settings/:code',
      {
        config: repo('REPO_SETTINGS_SAUTH'),
        schema: {
          tags,
          summary: 'Change a workflow’s timelines (version required): publishes a new definition version',
          security,
          params: repoSettingsParamsSchema,
          body: repoSettingsInputSchema,
          response: { 200: repoSettingsSchema },
        },
      },
      (request) =>
        updateRepoSettings(deps, { ctx: unitContext(request.ctx), code: request.params.code, input: request.body }),
    );

    // Initiation (Repossession Initiate, Sarfaesi Initiate): the initial stage's authority.
    for (const code of REPO_WORKFLOW_CODES) {
      const definition = findBuiltInDefinition(code)!;
      const initial = definition.stages.find((stage) => stage.code === definition.initialStage)!;
      const config = repo(initial.authority as AuthorityCode);
      app.get(
        `/api/repo/${code}/candidates`,
        {
          config,
          schema: {
            tags,
            summary: `Accounts that may start a ${code} case: past due in the acting unit's subtree, none open`,
            security,
            querystring: initiationCandidatesQuerySchema,
            response: { 200: initiationCandidatesSchema },
          },
        },
        (request) => listCandidates(deps, { ctx: unitContext(request.ctx), code, query: request.query }),
      );
      app.post(
        `/api/repo/${code}/accounts/:accountId/cases`,
        {
          config,
          schema: {
            tags,
            summary: `Start a ${code} case on an account (at ${initial.code}; 409 when one is open)`,
            security,
            params: accountIdParam,
            body: startCaseInputSchema,
            response: { 200: startCaseReplySchema },
          },
        },
        (request) =>
          startRepoCase(deps, {
            ctx: unitContext(request.ctx),
            code,
            accountId: request.params.accountId,
            fields: request.body.fields,
          }),
      );
      // File Upload (FILE_UPLOAD_REPO_SAUTH / SARF_UPLOAD_DASH_SAUTH; a stage update also needs the stage's authority).
      const uploads = repo(REPO_UPLOAD_AUTHORITY[code]);
      app.post(
        `/api/repo/${code}/uploads`,
        {
          config: uploads,
          schema: {
            tags,
            summary:
              `Upload ${code} initiations or stage updates (multipart: kind, stage, file .xlsx or .csv): 202 with ` +
              'the job that runs the rows apart; its result is the upload record',
            security,
            response: { 202: jobSchema },
          },
        },
        async (request, reply) =>
          reply.code(202).send(
            await processRepoUpload(deps, {
              ctx: unitContext(request.ctx),
              code,
              readUpload: () => readUpload(request),
            }),
          ),
      );
      app.get(
        `/api/repo/${code}/uploads`,
        {
          config: uploads,
          schema: {
            tags,
            summary: `The ${code} upload dashboard: uploaded files with their row counts, newest first`,
            security,
            querystring: repoUploadsQuerySchema,
            response: { 200: repoUploadPageSchema },
          },
        },
        (request) => listRepoUploads(deps, { ctx: unitContext(request.ctx), code, query: request.query }),
      );
      app.get(
        `/api/repo/${code}/uploads/kinds`,
        {
          config: uploads,
          schema: {
            tags,
            summary: `The ${code} upload kinds the user may upload: initiation and the stages they hold, with columns`,
            security,
            response: { 200: repoUploadKindsSchema },
          },
        },
        (request) => repoUploadKinds(deps, { ctx: unitContext(request.ctx), code }),
      );
      app.get(
        `/api/repo/${code}/uploads/template`,
        {
          config: uploads,
          schema: {
            tags,
            summary: `An XLSX template of a ${code} upload kind (and stage): the header row and one example row`,
            security,
            querystring: repoUploadTemplateQuerySchema,
          },
        },
        async (request, reply) => {
          const file = await repoUploadTemplate(deps, {
            ctx: unitContext(request.ctx),
            code,
            kind: request.query.kind,
            stage: request.query.stage,
          });
          return sendFile(reply, { contentType: file.contentType, fileName: file.fileName, body: file.body });
        },
      );
      app.get(
        `/api/repo/${code}/uploads/:id/errors`,
        {
          config: uploads,
          schema: {
            tags,
            summary: `The row errors of a ${code} upload as CSV (row, field, message)`,
            security,
            params: z.object({ id: idParam }),
          },
        },
        async (request, reply) => {
          const file = await repoUploadErrorsCsv(deps, {
            ctx: unitContext(request.ctx),
            code,
            uploadId: request.params.id,
          });
          return sendFile(reply, { contentType: file.contentType, fileName: file.fileName, body: file.body });
        },
      );
    }
  };
}

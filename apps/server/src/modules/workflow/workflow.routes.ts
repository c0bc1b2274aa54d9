import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { AuthorityCode } from '@recovery-desk/domain/authorities.ts';
import type { WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import {
  accountIdParam,
  actionInputSchema,
  caseDocumentParam,
  caseIdParam,
  caseViewSchema,
  definitionParam,
  definitionReplySchema,
  fieldsInputSchema,
  openCaseReplySchema,
  stageTrayPageSchema,
  stageTrayQuerySchema,
} from '@recovery-desk/domain/workflow/contracts.ts';
import { BUILT_IN_DEFINITIONS } from '@recovery-desk/domain/workflow/definitions/catalogue.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { unitContext, type UnitContext } from '../../http/request-context.ts';
import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import { actorAuthorities, requireAppAuthority } from './services/case-access.ts';
import { DOCUMENT_MAX_BYTES } from '../../documents/document-types.ts';
import { readUpload } from '../../http/multipart-upload.ts';
import { applyCaseAction } from './services/apply-action.ts';
import { downloadCaseDocument, uploadCaseDocument } from './services/case-documents.ts';
import { getDefinition } from './services/definitions.ts';
import { exportStageTray } from './services/export-stage-tray.ts';
import { getCaseView } from './services/get-case-view.ts';
import { getOpenCaseOfAccount } from './services/get-open-case.ts';
import { listStageTray } from './services/list-stage-tray.ts';
import { saveCaseFields } from './services/save-fields.ts';
import { sendFile } from '../../http/send-file.ts';

const security = [{ bearer: [] }];
const tags = ['workflow'];
const exportQuerySchema = stageTrayQuerySchema.safeExtend({
  format: z.enum(['csv', 'xlsx'], { error: 'must be csv or xlsx' }),
});

/**
 * The workflow engine's API (issue 4): definitions as data, one tray and one export route per stage of every
 * built-in workflow (each declaring its stage's authority), and the case screen with its actions, form, documents.
 * Case routes declare the acting unit only: the case's workflow decides the authority, which the services check.
 */
export function workflowRoutes(
  deps: AppDeps,
  builtInDefinitions: readonly WorkflowDefinition[] = BUILT_IN_DEFINITIONS,
): FastifyPluginAsyncZod {
  return async (app) => {
    // Encapsulated here: only the document upload route takes multipart bodies.
    await app.register(multipart, {
      limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 10, fieldSize: 4096, parts: 12 },
    });

    app.get(
      '/api/workflow/definitions/:code/:version',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'A workflow definition version as data (stages, columns, fields, documents, actions, date rules)',
          security,
          params: definitionParam,
          response: { 200: definitionReplySchema },
        },
      },
      (request) => getDefinition(deps, request.params),
    );

    for (const definition of builtInDefinitions) {
      app.get(
        `/api/workflow/${definition.code}/accounts/:accountId/open-case`,
        {
          // Like the case screen: the acting unit here, some authority of the workflow's app in the service.
          config: { auth: 'actingUnit' },
          schema: {
            tags,
            summary: `The account's open ${definition.code} case in the acting unit's subtree (404 when none)`,
            security,
            params: accountIdParam,
            response: { 200: openCaseReplySchema },
          },
        },
        (request) =>
          getOpenCaseOfAccount(deps, {
            ctx: unitContext(request.ctx),
            workflow: definition,
            accountId: request.params.accountId,
          }),
      );

      for (const stage of definition.stages) {
        // A stage whose list route the spec gives no permission (SARFAESI's Auction Batch): anyone holding some
        // authority of the app in the acting unit sees its tray; its case screen and actions keep the stage's.
        const openList = findRouteByName(stage.routeSlug)?.authority === null;
        const auth = openList
          ? ('actingUnit' as const)
          : { app: definition.app, authority: stage.authority as AuthorityCode };
        const requireOpenListAuthority = async (ctx: UnitContext) => {
          if (openList) requireAppAuthority(definition, await actorAuthorities(deps.db, ctx, definition.app));
        };
        const base = `/api/workflow/${definition.code}/stages/${stage.code}/cases`;
        app.get(
          base,
          {
            config: { auth },
            schema: {
              tags,
              summary: `${definition.code} ${stage.code} tray: tabs, My View / Team View, filters, pages`,
              security,
              querystring: stageTrayQuerySchema,
              response: { 200: stageTrayPageSchema },
            },
          },
          async (request) => {
            const ctx = unitContext(request.ctx);
            await requireOpenListAuthority(ctx);
            return listStageTray(deps, {
              ctx,
              definitionCode: definition.code,
              stageCode: stage.code,
              query: request.query,
            });
          },
        );

        app.get(
          `${base}/export`,
          {
            config: { auth },
            schema: {
              tags,
              summary: `Export the current ${definition.code} ${stage.code} tray view as CSV or XLSX`,
              security,
              querystring: exportQuerySchema,
            },
          },
          async (request, reply) => {
            const { format, ...query } = request.query;
            const ctx = unitContext(request.ctx);
            await requireOpenListAuthority(ctx);
            const exported = await exportStageTray(deps, {
              ctx,
              definitionCode: definition.code,
              stageCode: stage.code,
              query,
              format,
            });
            if ('job' in exported) return reply.code(202).send(exported.job);
            const { file } = exported;
            return sendFile(reply, { contentType: file.contentType, fileName: file.fileName, body: file.body });
          },
        );
      }
    }

    app.get(
      '/api/workflow/cases/:caseId',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'The case screen: case, account, actions for the caller, dates, form, checklist, documents, history',
          security,
          params: caseIdParam,
          response: { 200: caseViewSchema },
        },
      },
      (request) => getCaseView(deps.db, deps, unitContext(request.ctx), request.params.caseId),
    );

    app.post(
      '/api/workflow/cases/:caseId/actions',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'Apply an action (engine transition; version and stage the caller saw; maker ≠ checker)',
          security,
          params: caseIdParam,
          body: actionInputSchema,
          response: { 200: caseViewSchema },
        },
      },
      (request) =>
        applyCaseAction(deps, { ctx: unitContext(request.ctx), caseId: request.params.caseId, input: request.body }),
    );

    app.post(
      '/api/workflow/cases/:caseId/fields',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'Save stage form fields without moving the case (the stage’s authority; version required)',
          security,
          params: caseIdParam,
          body: fieldsInputSchema,
          response: { 200: caseViewSchema },
        },
      },
      (request) =>
        saveCaseFields(deps, { ctx: unitContext(request.ctx), caseId: request.params.caseId, input: request.body }),
    );

    app.post(
      '/api/workflow/cases/:caseId/documents',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'Upload a case document (multipart: file ≤ 5 MB PDF/PNG/JPEG, code, documentName?, remark?)',
          security,
          params: caseIdParam,
          response: { 200: caseViewSchema },
        },
      },
      (request) =>
        uploadCaseDocument(deps, {
          ctx: unitContext(request.ctx),
          caseId: request.params.caseId,
          readUpload: () => readUpload(request),
        }),
    );

    app.get(
      '/api/workflow/cases/:caseId/documents/:documentId/content',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'Download a case document',
          security,
          params: caseDocumentParam,
        },
      },
      async (request, reply) => {
        const document = await downloadCaseDocument(deps, {
          ctx: unitContext(request.ctx),
          caseId: request.params.caseId,
          documentId: request.params.documentId,
        });
        return sendFile(
          reply,
          { contentType: document.mimeType, fileName: document.fileName, body: document.content },
          { fallbackName: 'document' },
        );
      },
    );
  };
}

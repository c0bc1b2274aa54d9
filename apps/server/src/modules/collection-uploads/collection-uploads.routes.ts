import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COLL_UPLOAD_MAX_BYTES,
  collTemplateQuerySchema,
  collUploadPageSchema,
  collUploadParamsSchema,
  collUploadQuerySchema,
  collUploadReplySchema,
  downloadPageSchema,
  downloadQuerySchema,
} from '@recovery-desk/domain/collections/uploads.ts';
import type { AuthorityCode } from '@recovery-desk/domain/authorities.ts';
import { jobSchema } from '@recovery-desk/domain/jobs/contracts.ts';
import type { AppDeps } from '../../deps.ts';
import { readUpload } from '../../http/multipart-upload.ts';
import { unitContext } from '../../http/request-context.ts';
import { sendJobFile } from '../../jobs/job-files.ts';
import { getDownloadFile, listDownloadPage } from './services/downloads.ts';
import { getUpload, listUploads, startUpload, uploadErrorReport, uploadTemplate } from './services/uploads.ts';
import { sendFile } from '../../http/send-file.ts';

const security = [{ bearer: [] }];
const tags = ['collections uploads'];
const collapp = (authority: AuthorityCode) => ({ auth: { app: 'collapp', authority } as const });

/** Collections File Upload (FILE_UPLOAD_COLL_SAUTH) and File Download (FILE_DOWNLOAD_COLL_SAUTH). */
export function collectionUploadsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Encapsulated here: only the upload route takes multipart bodies.
    await app.register(multipart, {
      limits: { fileSize: COLL_UPLOAD_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
    });
    const upload = collapp('FILE_UPLOAD_COLL_SAUTH');

    app.post(
      '/api/collections/uploads',
      {
        config: upload,
        schema: {
          tags,
          summary:
            'Upload a collections file (multipart: type, file .xlsx or .csv): 202 with the job that validates every ' +
            'row and applies the file all or nothing; its result is the upload record',
          security,
          response: { 202: jobSchema },
        },
      },
      async (request, reply) =>
        reply
          .code(202)
          .send(await startUpload(deps, { ctx: unitContext(request.ctx), readUpload: () => readUpload(request) })),
    );

    app.get(
      '/api/collections/uploads',
      {
        config: upload,
        schema: {
          tags,
          summary: 'The collections uploads of the acting unit’s subtree, newest first',
          security,
          querystring: collUploadQuerySchema,
          response: { 200: collUploadPageSchema },
        },
      },
      (request) => listUploads(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );

    app.get(
      '/api/collections/uploads/template',
      {
        config: upload,
        schema: {
          tags,
          summary: 'The template of an upload type (XLSX or CSV): its header row and one example row',
          security,
          querystring: collTemplateQuerySchema,
        },
      },
      async (request, reply) => sendFile(reply, await uploadTemplate(request.query.type, request.query.format)),
    );

    app.get(
      '/api/collections/uploads/:id',
      {
        config: upload,
        schema: {
          tags,
          summary: 'One upload with its first row errors',
          security,
          params: collUploadParamsSchema,
          response: { 200: collUploadReplySchema },
        },
      },
      (request) => getUpload(deps, { ctx: unitContext(request.ctx), uploadId: request.params.id }),
    );

    app.get(
      '/api/collections/uploads/:id/errors',
      {
        config: upload,
        schema: {
          tags,
          summary: 'The error report of an upload as CSV (row, column, message, the row’s values)',
          security,
          params: collUploadParamsSchema,
        },
      },
      async (request, reply) =>
        sendFile(reply, await uploadErrorReport(deps, { ctx: unitContext(request.ctx), uploadId: request.params.id })),
    );

    const download = collapp('FILE_DOWNLOAD_COLL_SAUTH');
    app.get(
      '/api/collections/downloads',
      {
        config: download,
        schema: {
          tags,
          summary: 'File Download: every file a background job of the subtree produced, with who, when and expiry',
          security,
          querystring: downloadQuerySchema,
          response: { 200: downloadPageSchema },
        },
      },
      (request) => listDownloadPage(deps, { ctx: unitContext(request.ctx), query: request.query }),
    );

    app.get(
      '/api/collections/downloads/:id/file',
      {
        config: download,
        schema: {
          tags,
          summary: 'A generated file again, while it has not expired',
          security,
          params: collUploadParamsSchema,
        },
      },
      async (request, reply) =>
        sendJobFile(
          reply,
          deps.db,
          await getDownloadFile(deps, { ctx: unitContext(request.ctx), jobId: request.params.id }),
        ),
    );
  };
}

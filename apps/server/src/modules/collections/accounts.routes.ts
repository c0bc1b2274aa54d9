import {
  addressUpdateSchema,
  contactUpdateSchema,
  followUpInputSchema,
  restrictionInputSchema,
} from '@recovery-desk/domain/collections/contracts.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { unitContext } from '../../http/request-context.ts';
import {
  accountParamsSchema,
  accountViewReplySchema,
  addressParamsSchema,
  addressReplySchema,
  contactParamsSchema,
  contactReplySchema,
  documentParamsSchema,
  documentSchema,
  followUpReplySchema,
  restrictionReplySchema,
  trayParamQuerySchema,
} from './collections.schemas.ts';
import { readUpload } from '../../http/multipart-upload.ts';
import { changeRestriction } from './services/change-restriction.ts';
import { downloadDocument, uploadDocument } from './services/documents.ts';
import { getAccountView } from './services/get-account-view.ts';
import { recordFollowUp } from './services/record-follow-up.ts';
import { updateAddress, updateContact } from './services/update-contact-details.ts';
import { sendFile } from '../../http/send-file.ts';

const security = [{ bearer: [] }];
const tags = ['collections'];
// The tray (query `tray`) names the authority; the service checks the caller holds it in the acting unit.
const throughTray = { auth: 'actingUnit' } as const;

export function accountRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/collections/accounts/:accountId',
      {
        config: throughTray,
        schema: {
          tags,
          summary: 'The account view (needs the tray’s authority; tabs from its authority entry)',
          security,
          params: accountParamsSchema,
          querystring: trayParamQuerySchema,
          response: { 200: accountViewReplySchema },
        },
      },
      (request) =>
        getAccountView(deps, {
          ctx: unitContext(request.ctx),
          accountId: request.params.accountId,
          trayKey: request.query.tray,
        }),
    );

    app.post(
      '/api/collections/accounts/:accountId/follow-ups',
      {
        config: throughTray,
        schema: {
          tags,
          summary: 'Record a follow-up and what its disposition sets off (Followup tab editable)',
          security,
          params: accountParamsSchema,
          querystring: trayParamQuerySchema,
          body: followUpInputSchema,
          response: { 200: followUpReplySchema },
        },
      },
      (request) =>
        recordFollowUp(deps, {
          ctx: unitContext(request.ctx),
          accountId: request.params.accountId,
          trayKey: request.query.tray,
          input: request.body,
        }),
    );

    app.patch(
      '/api/collections/accounts/:accountId/contacts/:contactId',
      {
        config: throughTray,
        schema: {
          tags,
          summary: 'Edit a contact of the account’s customer (Contact tab editable; version required)',
          security,
          params: contactParamsSchema,
          querystring: trayParamQuerySchema,
          body: contactUpdateSchema,
          response: { 200: contactReplySchema },
        },
      },
      (request) =>
        updateContact(deps, {
          ctx: unitContext(request.ctx),
          accountId: request.params.accountId,
          contactId: request.params.contactId,
          trayKey: request.query.tray,
          changes: request.body,
        }),
    );

    app.patch(
      '/api/collections/accounts/:accountId/addresses/:addressId',
      {
        config: throughTray,
        schema: {
          tags,
          summary: 'Edit an address of the account’s customer (Address tab editable; version required)',
          security,
          params: addressParamsSchema,
          querystring: trayParamQuerySchema,
          body: addressUpdateSchema,
          response: { 200: addressReplySchema },
        },
      },
      (request) =>
        updateAddress(deps, {
          ctx: unitContext(request.ctx),
          accountId: request.params.accountId,
          addressId: request.params.addressId,
          trayKey: request.query.tray,
          changes: request.body,
        }),
    );

    for (const [path, kind, authority] of [
      ['holds', 'ALLOCATION_HOLD', 'ALLOCATION_HOLD_SAUTH'],
      ['suppressions', 'ACTIVITY_SUPPRESSION', 'ACTIVITY_SUPPRESS_SAUTH'],
    ] as const) {
      app.post(
        `/api/collections/accounts/:accountId/${path}`,
        {
          config: { auth: { app: 'collapp', authority } },
          schema: {
            tags,
            summary: `Start or end ${kind === 'ALLOCATION_HOLD' ? 'an allocation hold' : 'an activity suppression'} (insert-only log)`,
            security,
            params: accountParamsSchema,
            body: restrictionInputSchema,
            response: { 200: restrictionReplySchema },
          },
        },
        (request) =>
          changeRestriction(deps, {
            ctx: unitContext(request.ctx),
            accountId: request.params.accountId,
            kind,
            input: request.body,
          }),
      );
    }

    app.post(
      '/api/collections/accounts/:accountId/documents',
      {
        config: throughTray,
        schema: {
          tags,
          summary: 'Upload a document (multipart: file ≤ 5 MB PDF/PNG/JPEG, documentName, category, remark)',
          security,
          params: accountParamsSchema,
          querystring: trayParamQuerySchema,
          response: { 200: documentSchema },
        },
      },
      (request) =>
        uploadDocument(deps, {
          ctx: unitContext(request.ctx),
          accountId: request.params.accountId,
          trayKey: request.query.tray,
          readUpload: () => readUpload(request),
        }),
    );

    app.get(
      '/api/collections/accounts/:accountId/documents/:documentId',
      {
        config: throughTray,
        schema: {
          tags,
          summary: 'Download a document of the account',
          security,
          params: documentParamsSchema,
          querystring: trayParamQuerySchema,
        },
      },
      async (request, reply) => {
        const document = await downloadDocument(deps, {
          ctx: unitContext(request.ctx),
          accountId: request.params.accountId,
          documentId: request.params.documentId,
          trayKey: request.query.tray,
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

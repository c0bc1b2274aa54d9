import multipart from '@fastify/multipart';
import {
  addVisitInputSchema,
  captureInputSchema,
  delegateInputSchema,
  delegatesReplySchema,
  heatMapQuerySchema,
  heatMapReplySchema,
  mapSettingsSchema,
  openPvrInputSchema,
  optimiseInputSchema,
  pvrCaseDetailSchema,
  pvrCaseParamsSchema,
  pvrPhotoParamsSchema,
  pvrTrayPageSchema,
  pvrTrayQuerySchema,
  reorderInputSchema,
  reviewInputSchema,
  teamPlansQuerySchema,
  teamPlansReplySchema,
  visitStatusInputSchema,
  workPlanQuerySchema,
  workPlanReplySchema,
} from '@recovery-desk/domain/field/contracts.ts';
import { idParam } from '@recovery-desk/domain/numeric-params.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { DOCUMENT_MAX_BYTES } from '../../documents/document-types.ts';
import { readUpload } from '../../http/multipart-upload.ts';
import { unitContext } from '../../http/request-context.ts';
import {
  addPvrPhoto,
  capturePvrVisit,
  delegatePvrCase,
  listPvrTray,
  openPvrCase,
  readDelegates,
  readHeatMap,
  readPvrCase,
  readPvrPhoto,
  reviewPvrCase,
} from './services/pvr-cases.ts';
import {
  addVisit,
  markVisit,
  optimisePlan,
  readTeamPlans,
  readWorkPlan,
  removeVisit,
  reorderPlan,
} from './services/work-plans.ts';
import { sendFile } from '../../http/send-file.ts';

const security = [{ bearer: [] }];
const WORK_PLAN = { auth: { app: 'collapp', authority: 'COLLAPP_WORKPLAN_SAUTH' } } as const;
const PVR = { auth: { app: 'collapp', authority: 'INIT_PVR_TRAY_SAUTH' } } as const;
/** The PVR case detail routes of the spec carry no authority: any user acting in a unit reads its subtree's cases. */
const ANY_UNIT = { auth: 'actingUnit' } as const;

const visitParamsSchema = z.strictObject({ visitId: idParam });
const planParamsSchema = z.strictObject({ planId: idParam });
const caseDetailQuerySchema = z.strictObject({ accountId: idParam.optional() });

/** Work plans (/api/field/…) and PVR cases (/api/pvr/…). */
export function fieldWorkRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Encapsulated here: only the photo upload route takes multipart bodies.
    await app.register(multipart, {
      limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });
    app.get(
      '/api/map-settings',
      {
        config: { auth: 'signedIn' },
        schema: {
          tags: ['maps'],
          summary: 'The open map’s tile URL template and attribution (null: offline basemap)',
          security,
          response: { 200: mapSettingsSchema },
        },
      },
      () => ({ tileUrl: deps.config.mapTileUrl, attribution: deps.config.mapTileAttribution }),
    );
    const workTags = ['work-plan'];
    app.get(
      '/api/field/work-plan',
      {
        config: WORK_PLAN,
        schema: {
          tags: workTags,
          summary: 'A work plan for a date (own, or a team member’s)',
          security,
          querystring: workPlanQuerySchema,
          response: { 200: workPlanReplySchema },
        },
      },
      (request) => readWorkPlan(deps, { ctx: unitContext(request.ctx), input: request.query }),
    );
    app.get(
      '/api/field/work-plans/team',
      {
        config: WORK_PLAN,
        schema: {
          tags: workTags,
          summary: 'The plans of the acting unit’s subtree for a date',
          security,
          querystring: teamPlansQuerySchema,
          response: { 200: teamPlansReplySchema },
        },
      },
      (request) => readTeamPlans(deps, { ctx: unitContext(request.ctx), input: request.query }),
    );
    app.post(
      '/api/field/work-plan/visits',
      {
        config: WORK_PLAN,
        schema: {
          tags: workTags,
          summary: 'Add an account to the caller’s plan for a date',
          security,
          body: addVisitInputSchema,
          response: { 200: workPlanReplySchema },
        },
      },
      (request) => addVisit(deps, { ctx: unitContext(request.ctx), input: request.body }),
    );
    app.delete(
      '/api/field/work-plan/visits/:visitId',
      {
        config: WORK_PLAN,
        schema: {
          tags: workTags,
          summary: 'Remove a planned visit',
          security,
          params: visitParamsSchema,
          response: { 200: workPlanReplySchema },
        },
      },
      (request) => removeVisit(deps, { ctx: unitContext(request.ctx), visitId: request.params.visitId }),
    );
    app.post(
      '/api/field/work-plan/visits/:visitId/status',
      {
        config: WORK_PLAN,
        schema: {
          tags: workTags,
          summary: 'Mark a visit (visited, PTP, paid, not found …)',
          security,
          params: visitParamsSchema,
          body: visitStatusInputSchema,
          response: { 200: workPlanReplySchema },
        },
      },
      (request) =>
        markVisit(deps, { ctx: unitContext(request.ctx), visitId: request.params.visitId, input: request.body }),
    );
    app.put(
      '/api/field/work-plans/:planId/order',
      {
        config: WORK_PLAN,
        schema: {
          tags: workTags,
          summary: 'Set the order of the plan’s visits',
          security,
          params: planParamsSchema,
          body: reorderInputSchema,
          response: { 200: workPlanReplySchema },
        },
      },
      (request) =>
        reorderPlan(deps, { ctx: unitContext(request.ctx), planId: request.params.planId, input: request.body }),
    );
    app.post(
      '/api/field/work-plans/:planId/optimise',
      {
        config: WORK_PLAN,
        schema: {
          tags: workTags,
          summary: 'Order the visits by priority, then nearest neighbour',
          security,
          params: planParamsSchema,
          body: optimiseInputSchema,
          response: { 200: workPlanReplySchema },
        },
      },
      (request) =>
        optimisePlan(deps, { ctx: unitContext(request.ctx), planId: request.params.planId, input: request.body }),
    );

    const pvrTags = ['pvr'];
    app.get(
      '/api/pvr/cases',
      {
        config: PVR,
        schema: {
          tags: pvrTags,
          summary: 'The PVR cases of the subtree (Initiated PVR Tray)',
          security,
          querystring: pvrTrayQuerySchema,
          response: { 200: pvrTrayPageSchema },
        },
      },
      (request) => listPvrTray(deps, { ctx: unitContext(request.ctx), input: request.query }),
    );
    app.post(
      '/api/pvr/cases',
      {
        config: PVR,
        schema: {
          tags: pvrTags,
          summary: 'Open a PVR case for an account with a secured property',
          security,
          body: openPvrInputSchema,
          response: { 200: pvrCaseDetailSchema },
        },
      },
      (request) => openPvrCase(deps, { ctx: unitContext(request.ctx), input: request.body }),
    );
    app.get(
      '/api/pvr/cases/:caseId',
      {
        config: ANY_UNIT,
        schema: {
          tags: pvrTags,
          summary: 'A PVR case of the subtree (PVR Case Details)',
          security,
          params: pvrCaseParamsSchema,
          querystring: caseDetailQuerySchema,
          response: { 200: pvrCaseDetailSchema },
        },
      },
      (request) =>
        readPvrCase(deps, {
          ctx: unitContext(request.ctx),
          caseId: request.params.caseId,
          ...(request.query.accountId ? { accountId: request.query.accountId } : {}),
        }),
    );
    app.get(
      '/api/pvr/delegates',
      {
        config: PVR,
        schema: {
          tags: pvrTags,
          summary: 'Field staff and agencies of the subtree with their open cases and capacity',
          security,
          response: { 200: delegatesReplySchema },
        },
      },
      (request) => readDelegates(deps, { ctx: unitContext(request.ctx) }),
    );
    app.post(
      '/api/pvr/cases/:caseId/delegate',
      {
        config: PVR,
        schema: {
          tags: pvrTags,
          summary: 'Delegate the visit to field staff or an agency',
          security,
          params: pvrCaseParamsSchema,
          body: delegateInputSchema,
          response: { 200: pvrCaseDetailSchema },
        },
      },
      (request) =>
        delegatePvrCase(deps, { ctx: unitContext(request.ctx), caseId: request.params.caseId, input: request.body }),
    );
    app.post(
      '/api/pvr/cases/:caseId/photos',
      {
        config: PVR,
        schema: {
          tags: pvrTags,
          summary: 'Add a photo of the property (multipart: file, PNG or JPEG ≤ 5 MB)',
          security,
          params: pvrCaseParamsSchema,
          response: { 200: pvrCaseDetailSchema },
        },
      },
      (request) =>
        addPvrPhoto(deps, {
          ctx: unitContext(request.ctx),
          caseId: request.params.caseId,
          readUpload: () => readUpload(request),
        }),
    );
    app.get(
      '/api/pvr/cases/:caseId/photos/:documentId',
      {
        config: ANY_UNIT,
        schema: { tags: pvrTags, summary: 'A photo of the visit', security, params: pvrPhotoParamsSchema },
      },
      async (request, reply) => {
        const photo = await readPvrPhoto(deps, {
          ctx: unitContext(request.ctx),
          caseId: request.params.caseId,
          documentId: request.params.documentId,
        });
        return sendFile(
          reply,
          { contentType: photo.mimeType, fileName: photo.fileName, body: photo.content },
          { disposition: 'inline', fallbackName: 'photo' },
        );
      },
    );
    app.post(
      '/api/pvr/cases/:caseId/visit',
      {
        config: PVR,
        schema: {
          tags: pvrTags,
          summary: 'Capture the visit: geotag, time, occupancy, condition',
          security,
          params: pvrCaseParamsSchema,
          body: captureInputSchema,
          response: { 200: pvrCaseDetailSchema },
        },
      },
      (request) =>
        capturePvrVisit(deps, { ctx: unitContext(request.ctx), caseId: request.params.caseId, input: request.body }),
    );
    app.post(
      '/api/pvr/cases/:caseId/review',
      {
        config: PVR,
        schema: {
          tags: pvrTags,
          summary: 'Approve the visit report or send it back (a second user)',
          security,
          params: pvrCaseParamsSchema,
          body: reviewInputSchema,
          response: { 200: pvrCaseDetailSchema },
        },
      },
      (request) =>
        reviewPvrCase(deps, { ctx: unitContext(request.ctx), caseId: request.params.caseId, input: request.body }),
    );
    app.get(
      '/api/pvr/heat-map',
      {
        config: PVR,
        schema: {
          tags: pvrTags,
          summary: 'Density of visits, or of accounts awaiting one, on a grid',
          security,
          querystring: heatMapQuerySchema,
          response: { 200: heatMapReplySchema },
        },
      },
      (request) => readHeatMap(deps, { ctx: unitContext(request.ctx), input: request.query }),
    );
  };
}

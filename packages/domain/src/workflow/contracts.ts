import { z } from 'zod';
import { productCodesParam } from '../products.ts';
import { ACTION_NAMES, CASE_STATUSES, DEFINITION_STATUSES } from './definition.ts';
import { idParam, pageParam, pageSizeParam, wholeNumberParam } from '../numeric-params.ts';

// API contracts of the workflow engine (issue 4), shared by server (validation, OpenAPI) and web. Generic over
// definitions: the legal app uses them now, repossession and SARFAESI next.
//
// Endpoints (all under /api/workflow):
//   GET  /definitions/:code/:version                    the definition as data (web renders trays and forms)
//   GET  /:code/stages/:stage/cases                     a stage tray (one route per stage, the stage's authority)
//   GET  /:code/stages/:stage/cases/export?format=csv   the tray's current view as CSV or XLSX
//   GET  /:code/accounts/:accountId/open-case           the account's open case of that workflow (openCaseReply)
//   GET  /cases/:caseId                                 the case screen (caseView)
//   POST /cases/:caseId/actions                         apply an engine action (actionInput) → caseView
//   POST /cases/:caseId/fields                          save stage form fields without moving (fieldsInput) → caseView
//   GET  /cases/:caseId/documents/:documentId/content   download a case document
//   POST /cases/:caseId/documents                       upload (multipart: file, code, documentName?, remark?)

const id = idParam;
const version = z.number().int().positive().max(2_147_483_647);

/**
 * Which cases a tab holds, for a stage S:
 * - pendingApproval: open cases at S whose status is not Pushback or Rejected (the work waiting at S);
 * - pushback: open cases at S with status Pushback;
 * - rejected: open cases at S with status Rejected, and cases a step at S rejected or declined;
 * - approved: cases a step at S approved (they have moved on from S), or closed (the close of a closing stage).
 */
export const CASE_TABS = ['pendingApproval', 'approved', 'rejected', 'pushback'] as const;
export type CaseTab = (typeof CASE_TABS)[number];

const fieldValue = z.union([z.string().max(4000), z.number(), z.boolean(), z.null()]);
export const caseFieldsSchema = z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/), fieldValue);

/** GET /api/workflow/:code/stages/:stage/cases — query string (all optional). Page-numbered (cases are few). */
export const stageTrayQuerySchema = z
  .object({
    view: z.enum(['my', 'team']).optional(),
    tab: z.enum(CASE_TABS).default('pendingApproval'),
    /** case number, account number or customer name (prefix, case-insensitive) */
    q: z.string().trim().max(60).optional(),
    dpdFrom: wholeNumberParam(0, 100_000).optional(),
    dpdTo: wholeNumberParam(0, 100_000).optional(),
    /** comma-separated product codes */
    products: productCodesParam,
    /** a value of the definition's caseType field (legal: S138, S25, CIVIL_SUIT, ARBITRATION, DRT) */
    caseType: z
      .string()
      .regex(/^[A-Z0-9_]{1,30}$/, 'must be a case type code')
      .optional(),
    /** only cases whose stage due date has passed */
    overdueOnly: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    /** a sortable column key of the definition */
    sort: z.string().max(40).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    pageSize: pageSizeParam,
    page: pageParam,
  })
  .superRefine((q, ctx) => {
    if (q.dpdFrom !== undefined && q.dpdTo !== undefined && q.dpdFrom > q.dpdTo) {
      ctx.addIssue({ code: 'custom', path: ['dpdTo'], message: 'must be at least DPD from' });
    }
  });
export type StageTrayQuery = z.infer<typeof stageTrayQuerySchema>;

export const caseRowSchema = z.object({
  caseId: z.number(),
  caseNo: z.string(),
  accountId: z.number(),
  accountNo: z.string(),
  customerName: z.string(),
  product: z.string(),
  currency: z.enum(['INR', 'USD']),
  dpd: z.number(),
  totalDueAmount: z.string(),
  unitCode: z.string(),
  stage: z.string(),
  status: z.enum(CASE_STATUSES),
  stageEnteredOn: z.string(),
  dueOn: z.string().nullable(),
  isOverdue: z.boolean(),
  isClosed: z.boolean(),
  makerUserId: z.number().nullable(),
  makerName: z.string().nullable(),
  assignedName: z.string().nullable(),
  fields: caseFieldsSchema,
  version: z.number(),
});
export type CaseRow = z.infer<typeof caseRowSchema>;

export const stageTrayPageSchema = z.object({
  data: z.array(caseRowSchema),
  count: z.number(),
  page: z.number(),
  pageSize: z.number(),
  tabCounts: z.object({
    pendingApproval: z.number(),
    approved: z.number(),
    rejected: z.number(),
    pushback: z.number(),
  }),
});
export type StageTrayPage = z.infer<typeof stageTrayPageSchema>;

const refusalSchema = z.object({ code: z.string() }).passthrough();

export const availableActionSchema = z.object({
  name: z.enum(ACTION_NAMES),
  labelKey: z.string(),
  remarksRequired: z.boolean(),
  isCheckerAction: z.boolean(),
  /** the action dialog's fields (definition field data) */
  fields: z.array(z.record(z.string(), z.unknown())),
  enabled: z.boolean(),
  refusal: refusalSchema.nullable(),
});
export type AvailableActionReply = z.infer<typeof availableActionSchema>;

export const stageDateSchema = z.object({
  rule: z.string(),
  label: z.string(),
  labelKey: z.string(),
  kind: z.enum(['earliest', 'latest']),
  source: z.string(),
  date: z.string().nullable(),
  missingFields: z.array(z.string()),
  daysLeft: z.number().nullable(),
  isOverdue: z.boolean(),
});

export const caseDocumentSchema = z.object({
  documentId: z.number(),
  code: z.string(),
  stage: z.string(),
  fileName: z.string(),
  documentName: z.string(),
  remark: z.string().nullable(),
  mimeType: z.string(),
  sizeBytes: z.number(),
  isGenerated: z.boolean(),
  uploadedBy: z.string(),
  createdAt: z.string(),
});
export type CaseDocument = z.infer<typeof caseDocumentSchema>;

export const checklistItemSchema = z.object({
  code: z.string(),
  labelKey: z.string(),
  stage: z.string(),
  stageLabelKey: z.string(),
  required: z.boolean(),
  /** its `when` holds on the case's fields */
  applies: z.boolean(),
  /** the current stage's requirement (needed to leave the stage) */
  isCurrentStage: z.boolean(),
  documentIds: z.array(z.number()),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const caseEventSchema = z.object({
  eventId: z.number(),
  action: z.string(),
  actionLabelKey: z.string().nullable(),
  fromStage: z.string().nullable(),
  fromStatus: z.string().nullable(),
  toStage: z.string(),
  toStatus: z.string(),
  actorName: z.string(),
  actorUsername: z.string(),
  unitCode: z.string(),
  businessDate: z.string(),
  at: z.string(),
  remarks: z.string().nullable(),
  changes: z.array(z.object({ field: z.string(), from: fieldValue, to: fieldValue })),
  effects: z.array(z.string()),
});
export type CaseEvent = z.infer<typeof caseEventSchema>;

/** GET /api/workflow/cases/:caseId — everything the case screen shows. */
export const caseViewSchema = z.object({
  case: z.object({
    caseId: z.number(),
    caseNo: z.string(),
    definitionCode: z.string(),
    definitionVersion: z.number(),
    stage: z.string(),
    stageLabelKey: z.string(),
    /** route-catalogue name of the stage's tray */
    stageRouteSlug: z.string(),
    status: z.enum(CASE_STATUSES),
    fields: caseFieldsSchema,
    makerUserId: z.number().nullable(),
    makerName: z.string().nullable(),
    assignedName: z.string().nullable(),
    stageEnteredOn: z.string(),
    returnStage: z.string().nullable(),
    dueOn: z.string().nullable(),
    isClosed: z.boolean(),
    version: z.number(),
    createdAt: z.string(),
    createdByName: z.string(),
  }),
  account: z.object({
    accountId: z.number(),
    accountNo: z.string(),
    customerName: z.string(),
    product: z.string(),
    currency: z.enum(['INR', 'USD']),
    dpd: z.number(),
    bucket: z.string(),
    assetClass: z.string(),
    totalDueAmount: z.string(),
    totalPrincipalOutstanding: z.string(),
    unitCode: z.string(),
    branchName: z.string(),
    isOnHold: z.boolean(),
  }),
  businessDate: z.string(),
  availableActions: z.array(availableActionSchema),
  stageDates: z.array(stageDateSchema),
  /** stage form fields the caller may save now (empty: the form is read-only for them) */
  editableFields: z.array(z.string()),
  checklist: z.array(checklistItemSchema),
  documents: z.array(caseDocumentSchema),
  history: z.array(caseEventSchema),
});
export type CaseView = z.infer<typeof caseViewSchema>;

/** POST /api/workflow/cases/:caseId/actions */
export const actionInputSchema = z
  .object({
    action: z.enum(ACTION_NAMES),
    /** the case version the user saw (stale → 409 STALE_VERSION) */
    version,
    /** the stage the user saw (moved on → 409 WRONG_STAGE) */
    expectedStage: z.string().min(1).max(60),
    remarks: z.string().trim().max(1000).optional(),
    /** stage form and action dialog values entered with the action */
    fields: caseFieldsSchema.optional(),
  })
  .strict();
export type ActionInput = z.infer<typeof actionInputSchema>;

/** POST /api/workflow/cases/:caseId/fields — save the stage form (draft) without moving the case. */
export const fieldsInputSchema = z.object({ version, fields: caseFieldsSchema }).strict();
export type FieldsInput = z.infer<typeof fieldsInputSchema>;

export const caseIdParam = z.object({ caseId: id });
export const accountIdParam = z.object({ accountId: id });

/** GET /api/workflow/:code/accounts/:accountId/open-case — e.g. a detail route addressed by account. */
export const openCaseReplySchema = z.object({
  caseId: z.number(),
  caseNo: z.string(),
  stage: z.string(),
  definitionVersion: z.number(),
});
export type OpenCaseReply = z.infer<typeof openCaseReplySchema>;
export const caseDocumentParam = z.object({ caseId: id, documentId: id });
export const definitionParam = z.object({
  code: z.string().regex(/^[A-Z][A-Z0-9_]{0,40}$/),
  version: wholeNumberParam(1, 100_000),
});

export const definitionReplySchema = z.object({
  code: z.string(),
  version: z.number(),
  status: z.enum(DEFINITION_STATUSES),
  /** the WorkflowDefinition data */
  definition: z.record(z.string(), z.unknown()),
});

/**
 * Workflow error codes (besides VALIDATION, AUTHORITY_MISSING, MAKER_CANNOT_CHECK, STALE_VERSION, NOT_FOUND):
 * - CASE_CLOSED: the case is closed and accepts no action.
 * - WRONG_STAGE: the case has moved on from the stage the user saw; reload.
 * - ACTION_NOT_ALLOWED: the stage does not offer that action.
 * - DOCUMENT_MISSING: required documents are not on the case (`documents` lists their codes).
 * - TOO_EARLY: a date rule does not allow the action yet (`rule`, `label`, `earliest`).
 * - NO_RETURN_STAGE / DEFINITION_NOT_ACTIVE: engine refusals that indicate bad data or configuration.
 * - CASE_ALREADY_OPEN: the account already has an open case of that workflow.
 * - NOT_ELIGIBLE: the account does not meet the pool rule (`reasons`).
 */
export const WORKFLOW_ERROR_CODES = [
  'CASE_CLOSED',
  'WRONG_STAGE',
  'ACTION_NOT_ALLOWED',
  'DOCUMENT_MISSING',
  'TOO_EARLY',
  'NO_RETURN_STAGE',
  'DEFINITION_NOT_ACTIVE',
  'CASE_ALREADY_OPEN',
  'NOT_ELIGIBLE',
] as const;

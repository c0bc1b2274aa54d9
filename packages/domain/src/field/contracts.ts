import { z } from 'zod';
import { idParam, pageParam } from '../numeric-params.ts';
import { optionalRemarksSchema, requiredRemarksSchema } from '../remarks.ts';
import { MESSAGES } from '../validation.ts';

// Field work (issue 14): the field collector's work plan (/collapp/workPlanDtl, COLLAPP_WORKPLAN_SAUTH) and PVR —
// property visit reports (/collapp/initiatedPvrTray, /collapp/delegationPage, /collapp/heatMap, INIT_PVR_TRAY_SAUTH;
// the case detail at /collapp/PVRCaseDtl/… and /Repo/PVRCaseDtl/…). Money travels as decimal strings with its
// currency and is stored in minor units.

const isoDate = z.iso.date('must be a date (YYYY-MM-DD)');
const decimal = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,2})?$/, 'must be an amount with at most 2 decimals');

/** A latitude in degrees: -90 to 90. */
export const latitudeSchema = z
  .number({ error: 'must be a latitude in degrees' })
  .min(-90, 'must be a latitude from -90 to 90')
  .max(90, 'must be a latitude from -90 to 90');
/** A longitude in degrees: -180 to 180. */
export const longitudeSchema = z
  .number({ error: 'must be a longitude in degrees' })
  .min(-180, 'must be a longitude from -180 to 180')
  .max(180, 'must be a longitude from -180 to 180');

const version = z.number({ error: MESSAGES.required }).int().min(1);

// ---------------------------------------------------------------------------------------------------------------
// Work plan

export const VISIT_PRIORITIES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type VisitPriority = (typeof VISIT_PRIORITIES)[number];

/**
 * A visit's status: PLANNED until marked; VISITED (met, nothing more), PTP (a promise taken), PAID (collected), RTP
 * (refused to pay), DOOR_LOCKED, NOT_AVAILABLE (customer not available), SHIFTED, NOT_FOUND (address not found) —
 * the field visit outcomes of domain.md §5.
 */
export const VISIT_STATUSES = [
  'PLANNED',
  'VISITED',
  'PTP',
  'PAID',
  'RTP',
  'DOOR_LOCKED',
  'NOT_AVAILABLE',
  'SHIFTED',
  'NOT_FOUND',
] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

export const workPlanQuerySchema = z.strictObject({
  date: isoDate.optional(),
  /** a team member's plan (supervisors); default the caller's own */
  userId: idParam.optional(),
});
export type WorkPlanQuery = z.infer<typeof workPlanQuerySchema>;

export const workPlanVisitSchema = z.object({
  id: z.number(),
  accountId: z.number(),
  accountNo: z.string(),
  customerName: z.string(),
  address: z.string(),
  seq: z.number(),
  priority: z.enum(VISIT_PRIORITIES),
  target: z.string(),
  collected: z.string().nullable(),
  currency: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** kilometres from the previous stop (or the start point), straight line; null when either is not geocoded */
  legKm: z.number().nullable(),
  status: z.enum(VISIT_STATUSES),
  remarks: z.string().nullable(),
  visitedAt: z.string().nullable(),
  dpd: z.number(),
  version: z.number(),
});
export type WorkPlanVisit = z.infer<typeof workPlanVisitSchema>;

export const workPlanReplySchema = z.object({
  date: isoDate,
  user: z.object({ id: z.number(), fullName: z.string() }),
  /** whether the caller may change it (only its collector does) */
  editable: z.boolean(),
  plan: z
    .object({
      id: z.number(),
      startLatitude: z.number().nullable(),
      startLongitude: z.number().nullable(),
      version: z.number(),
    })
    .nullable(),
  visits: z.array(workPlanVisitSchema),
  totals: z.array(z.object({ currency: z.string(), target: z.string(), collected: z.string() })),
});
export type WorkPlanReply = z.infer<typeof workPlanReplySchema>;

export const teamPlansQuerySchema = z.strictObject({ date: isoDate.optional() });
export const teamPlanRowSchema = z.object({
  planId: z.number(),
  userId: z.number(),
  fullName: z.string(),
  unitCode: z.string(),
  visits: z.number(),
  done: z.number(),
  /** per currency: amounts in different currencies are never added up */
  totals: z.array(z.object({ currency: z.string(), target: z.string(), collected: z.string() })),
});
export type TeamPlanRow = z.infer<typeof teamPlanRowSchema>;
export const teamPlansReplySchema = z.object({ date: isoDate, rows: z.array(teamPlanRowSchema) });
export type TeamPlansReply = z.infer<typeof teamPlansReplySchema>;

export const addVisitInputSchema = z.strictObject({
  date: isoDate,
  accountNo: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(40),
  priority: z.enum(VISIT_PRIORITIES, { error: 'must be HIGH, MEDIUM or LOW' }),
  /** the amount to collect; default the account's total due */
  target: decimal.optional(),
});
export type AddVisitInput = z.infer<typeof addVisitInputSchema>;

export const reorderInputSchema = z.strictObject({
  visitIds: z.array(idParam).min(1).max(200),
  version,
});
export type ReorderInput = z.infer<typeof reorderInputSchema>;

export const optimiseInputSchema = z.strictObject({
  version,
  startLatitude: latitudeSchema.optional(),
  startLongitude: longitudeSchema.optional(),
});
export type OptimiseInput = z.infer<typeof optimiseInputSchema>;

export const visitStatusInputSchema = z.strictObject({
  status: z.enum(VISIT_STATUSES, { error: 'must be a visit status' }),
  collected: decimal.optional(),
  remarks: optionalRemarksSchema(),
  version,
});
export type VisitStatusInput = z.infer<typeof visitStatusInputSchema>;

export const versionInputSchema = z.strictObject({ version });

// ---------------------------------------------------------------------------------------------------------------
// PVR

/**
 * INITIATED (opened, not yet given to anyone) → DELEGATED (field staff or an agency visits) → CAPTURED (the visit
 * recorded, waiting for review) → APPROVED, or SENT_BACK (to be visited again; captured again → CAPTURED).
 */
export const PVR_STATUSES = ['INITIATED', 'DELEGATED', 'CAPTURED', 'SENT_BACK', 'APPROVED'] as const;
export type PvrStatus = (typeof PVR_STATUSES)[number];
export const OCCUPANCIES = ['SELF_OCCUPIED', 'TENANTED', 'VACANT', 'LOCKED', 'UNDER_CONSTRUCTION'] as const;
export const PROPERTY_CONDITIONS = ['GOOD', 'FAIR', 'POOR', 'DAMAGED'] as const;
/** How many open cases one field officer or agency is meant to carry (the capacity the delegation page shows). */
export const PVR_USER_CAPACITY = 8;
export const PVR_AGENCY_CAPACITY = 25;

export const pvrTrayQuerySchema = z.strictObject({
  status: z.enum(PVR_STATUSES).optional(),
  page: pageParam,
});
export type PvrTrayQuery = z.infer<typeof pvrTrayQuerySchema>;

export const pvrCaseRowSchema = z.object({
  id: z.number(),
  caseNo: z.string(),
  accountId: z.number(),
  accountNo: z.string(),
  customerName: z.string(),
  product: z.string(),
  dpd: z.number(),
  propertyAddress: z.string(),
  status: z.enum(PVR_STATUSES),
  assignee: z.string().nullable(),
  dueDate: z.string().nullable(),
  openedAt: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  version: z.number(),
});
export type PvrCaseRow = z.infer<typeof pvrCaseRowSchema>;
export const pvrTrayPageSchema = z.object({
  rows: z.array(pvrCaseRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  counts: z.record(z.string(), z.number()),
});
export type PvrTrayPage = z.infer<typeof pvrTrayPageSchema>;

export const pvrCaseParamsSchema = z.strictObject({ caseId: idParam });
export const pvrPhotoParamsSchema = z.strictObject({ caseId: idParam, documentId: idParam });

export const pvrCaseDetailSchema = pvrCaseRowSchema.extend({
  reason: z.string(),
  collateral: z.string(),
  collateralValue: z.string().nullable(),
  currency: z.string(),
  openedBy: z.string(),
  assigneeKind: z.enum(['USER', 'AGENCY']).nullable(),
  visit: z
    .object({
      visitedAt: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      /** metres between the geotag and the property on record (null when the property is not geocoded) */
      distanceM: z.number().nullable(),
      occupancy: z.enum(OCCUPANCIES),
      condition: z.enum(PROPERTY_CONDITIONS),
      personMet: z.string().nullable(),
      remarks: z.string(),
      capturedBy: z.string(),
    })
    .nullable(),
  review: z.object({ reviewedBy: z.string(), reviewedAt: z.string(), remarks: z.string().nullable() }).nullable(),
  photos: z.array(z.object({ id: z.number(), fileName: z.string(), mimeType: z.string() })),
  events: z.array(z.object({ action: z.string(), actor: z.string(), remarks: z.string().nullable(), at: z.string() })),
  /** what the caller may do now */
  can: z.object({ delegate: z.boolean(), capture: z.boolean(), review: z.boolean() }),
});
export type PvrCaseDetail = z.infer<typeof pvrCaseDetailSchema>;

export const openPvrInputSchema = z.strictObject({
  accountNo: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(40),
  reason: requiredRemarksSchema(300),
});
export type OpenPvrInput = z.infer<typeof openPvrInputSchema>;

export const delegateInputSchema = z.strictObject({
  assigneeKind: z.enum(['USER', 'AGENCY'], { error: 'must be USER or AGENCY' }),
  assigneeId: idParam,
  dueDate: isoDate,
  version,
});
export type DelegateInput = z.infer<typeof delegateInputSchema>;

export const delegatesReplySchema = z.object({
  users: z.array(
    z.object({ id: z.number(), fullName: z.string(), unitCode: z.string(), open: z.number(), capacity: z.number() }),
  ),
  agencies: z.array(
    z.object({ id: z.number(), name: z.string(), code: z.string(), open: z.number(), capacity: z.number() }),
  ),
});
export type DelegatesReply = z.infer<typeof delegatesReplySchema>;

export const captureInputSchema = z.strictObject({
  visitedAt: z
    .string({ error: 'must be a date and time (ISO 8601)' })
    .regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/,
      'must be a date and time (ISO 8601)',
    )
    .refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date and time (ISO 8601)'),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  occupancy: z.enum(OCCUPANCIES, { error: 'must be an occupancy' }),
  condition: z.enum(PROPERTY_CONDITIONS, { error: 'must be a condition' }),
  personMet: z.string().trim().max(100).optional(),
  remarks: requiredRemarksSchema(500),
  version,
});
export type CaptureInput = z.infer<typeof captureInputSchema>;

export const PVR_REVIEW_DECISIONS = ['approve', 'sendBack'] as const;
export const reviewInputSchema = z
  .strictObject({
    decision: z.enum(PVR_REVIEW_DECISIONS, { error: 'must be approve or sendBack' }),
    remarks: optionalRemarksSchema(),
    version,
  })
  .superRefine((value, issue) => {
    if (value.decision === 'sendBack' && !value.remarks) {
      issue.addIssue({ code: 'custom', path: ['remarks'], message: MESSAGES.required });
    }
  });
export type ReviewInput = z.infer<typeof reviewInputSchema>;

// Heat map: density on a grid of cells (about 1 km at 0.01°) of the acting unit's subtree.
export const HEAT_LAYERS = ['visits', 'awaiting'] as const;
export const heatMapQuerySchema = z.strictObject({
  layer: z.enum(HEAT_LAYERS).default('awaiting'),
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** grid cell size in hundredths of a degree (1 → 0.01°, about 1.1 km) */
  cell: z.enum(['1', '5', '20']).default('1'),
});
export type HeatMapQuery = z.infer<typeof heatMapQuerySchema>;
export const heatMapReplySchema = z.object({
  layer: z.enum(HEAT_LAYERS),
  cells: z.array(z.object({ latitude: z.number(), longitude: z.number(), count: z.number() })),
  total: z.number(),
  /** accounts or visits that are not geocoded (not on the map) */
  unplaced: z.number(),
});
export type HeatMapReply = z.infer<typeof heatMapReplySchema>;

/** GET /api/map-settings: the open map's tiles (null: the bundled offline basemap only). */
export const mapSettingsSchema = z.object({ tileUrl: z.string().nullable(), attribution: z.string().nullable() });
export type MapSettings = z.infer<typeof mapSettingsSchema>;

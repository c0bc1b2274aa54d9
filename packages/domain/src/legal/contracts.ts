import { z } from 'zod';
import { accountRowSchema, trayQuerySchema } from '../collections/contracts.ts';
import { LEGAL_CASE_TYPES, type LegalTimelines } from '../workflow/definitions/legal.ts';
import { CASE_STATUSES } from '../workflow/definition.ts';
import { legalPoolRuleSchema } from './pool-rule.ts';
import { requiredRemarksSchema } from '../remarks.ts';
import { idParam, pageParam, pageSizeParam } from '../numeric-params.ts';

// API contracts of the legal app (issue 4), beyond the generic workflow endpoints (workflow/contracts.ts).
// Every endpoint lives under /api/legal and declares the authority of the screen it serves:
//   GET  /pool                       LEGAL_POOL_SAUTH   Legal Eligible Pool (view legalEligible): account rows
//   GET  /pool/accounts/:accountId   LEGAL_POOL_SAUTH   one account: summary, eligibility reasons, open case
//   POST /pool/initiate              LEGAL_POOL_SAUTH   start cases for accounts → INITIATE (Initiate Legal tray)
//   POST /pool/decline               LEGAL_POOL_SAUTH   "not fit for legal" (a closed Declined case, cool-off)
//   GET  /dashboard                  (acting unit)      work per stage, overdue SLAs, hearings
//   GET  /settings, PUT /settings    LEGAL_SETTINGS_SAUTH  pool rule, timelines (a new definition version), templates
//   POST /notices                    LEGAL_NOTICE_SAUTH generate notice PDFs for cases (one, or bulk → one PDF)
//   GET/POST /against-fi, PATCH /against-fi/:id   LEGAL_AGAINST_FI_SAUTH
//   POST /uploads (multipart), GET /uploads, GET /uploads/:id/errors, GET /uploads/template   LEGAL_FILE_UPLOAD_SAUTH
//   GET  /documents                  LEGAL_FILE_DOWNLOAD_SAUTH  case documents and notices in scope (File Download)

const id = idParam;
const bigId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const isoDate = z.iso.date('must be a date (YYYY-MM-DD)');
const decimal = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,2})?$/, 'must be an amount with at most 2 decimals');
const caseTypeCodes = LEGAL_CASE_TYPES.map(([code]) => code) as [string, ...string[]];

/** GET /api/legal/pool — the collections tray query (view my/team, DPD/overdue/product filters, keyset pages). */
export const poolQuerySchema = trayQuerySchema;
export const poolRowSchema = accountRowSchema.extend({ assetClass: z.string() });

/** GET /api/legal/pool/accounts/:accountId */
export const poolAccountSchema = z.object({
  account: accountRowSchema.extend({
    totalPrincipalOutstanding: z.string(),
    branchName: z.string(),
    bounceDate: z.string().nullable(),
    bounceReason: z.string().nullable(),
  }),
  /** translation keys of the reasons it is not eligible; empty when it is */
  ineligibility: z.array(z.string()),
  openCase: z.object({ caseId: z.number(), caseNo: z.string(), stage: z.string(), status: z.string() }).nullable(),
  /** the account's bounced cheques (they prefill a §138 case) */
  cheques: z.array(
    z.object({
      chequeNo: z.string(),
      chequeDate: z.string(),
      amount: z.string(),
      bankName: z.string().nullable(),
      bounceDate: z.string().nullable(),
      bounceReason: z.string().nullable(),
    }),
  ),
});
export type PoolAccount = z.infer<typeof poolAccountSchema>;

/** POST /api/legal/pool/initiate — one case per account, each at INITIATE (all or nothing). */
export const initiateInputSchema = z
  .object({
    accountIds: z.array(bigId).min(1, 'please Select Id').max(500),
    caseType: z.enum(caseTypeCodes),
    remarks: z.string().trim().max(1000).optional(),
  })
  .strict();
export const initiateReplySchema = z.object({
  cases: z.array(z.object({ caseId: z.number(), caseNo: z.string(), accountId: z.number() })),
});

/** POST /api/legal/pool/decline — "not fit for legal" for accounts (remarks required). */
export const poolDeclineInputSchema = z
  .object({
    accountIds: z.array(bigId).min(1, 'please Select Id').max(500),
    remarks: requiredRemarksSchema(1000),
  })
  .strict();

export const accountIdParam = z.object({ accountId: id });

/** GET /api/legal/dashboard — for the acting unit's subtree. */
export const legalDashboardSchema = z.object({
  businessDate: z.string(),
  stages: z.array(
    z.object({
      stage: z.string(),
      labelKey: z.string(),
      routeSlug: z.string(),
      /** the caller holds the stage's authority (the tile links to its tray) */
      canOpen: z.boolean(),
      open: z.number(),
      pendingApproval: z.number(),
      pushback: z.number(),
      rejected: z.number(),
      overdue: z.number(),
    }),
  ),
  poolCount: z.number(),
  totals: z.object({ open: z.number(), overdue: z.number(), closedThisMonth: z.number() }),
  /** overdue cases, most overdue first (at most 20) */
  overdueCases: z.array(
    z.object({
      caseId: z.number(),
      caseNo: z.string(),
      accountId: z.number(),
      accountNo: z.string(),
      customerName: z.string(),
      stage: z.string(),
      stageLabelKey: z.string(),
      routeSlug: z.string(),
      dueOn: z.string(),
      daysOverdue: z.number(),
    }),
  ),
  /** hearings in the next 14 days */
  upcomingHearings: z.array(
    z.object({
      caseId: z.number(),
      caseNo: z.string(),
      accountId: z.number(),
      customerName: z.string(),
      court: z.string().nullable(),
      hearingDate: z.string(),
    }),
  ),
});
export type LegalDashboard = z.infer<typeof legalDashboardSchema>;

export const legalTimelinesSchema = z
  .object({
    noticeDaysFromReturnMemo: z.number().int().min(1).max(365),
    paymentDaysAfterService: z.number().int().min(1).max(365),
    complaintMonths: z.number().int().min(1).max(24),
    chequeValidityMonths: z.number().int().min(1).max(24),
    interimCompensationDays: z.number().int().min(1).max(365),
    drtMinimumClaim: decimal,
    approvalSlaDays: z.number().int().min(1).max(90),
    hearingUpdateDays: z.number().int().min(0).max(90),
    noticeSlaDays: z.number().int().min(1).max(365),
    filingSlaDays: z.number().int().min(1).max(365),
  })
  .strict() satisfies z.ZodType<LegalTimelines>;

export const noticeTemplateSchema = z
  .object({
    caseType: z.enum(caseTypeCodes),
    title: z.string().trim().min(1, 'This field is required').max(200),
    body: z.string().min(1, 'This field is required').max(20_000),
  })
  .strict();

/** GET /api/legal/settings */
export const legalSettingsSchema = z.object({
  poolRule: legalPoolRuleSchema,
  timelines: legalTimelinesSchema,
  /** the active legal definition version (new cases start on it; open cases keep theirs) */
  definitionVersion: z.number(),
  templates: z.array(noticeTemplateSchema),
  placeholders: z.array(z.string()),
  /** optimistic version of the settings */
  version: z.number(),
});
export type LegalSettings = z.infer<typeof legalSettingsSchema>;

/** PUT /api/legal/settings — any part; a timelines change publishes a new definition version. */
export const legalSettingsInputSchema = z
  .object({
    version: z.number().int().positive().max(2_147_483_647),
    poolRule: legalPoolRuleSchema.optional(),
    timelines: legalTimelinesSchema.optional(),
    templates: z.array(noticeTemplateSchema).max(20).optional(),
  })
  .strict();

/** POST /api/legal/notices — reply: application/pdf (one notice per case, in order), stored on each case. */
export const noticeInputSchema = z
  .object({
    caseIds: z.array(bigId).min(1, 'please Select Id').max(200),
    /** the notice date printed (default: the business date) */
    noticeDate: isoDate.optional(),
  })
  .strict();

export const FI_FORUMS = [
  'CONSUMER_COMMISSION',
  'BANKING_OMBUDSMAN',
  'CIVIL_COURT',
  'HIGH_COURT',
  'DRAT',
  'NCLT',
  'POLICE_COMPLAINT',
  'OTHER',
] as const;

export const fiMatterInputSchema = z
  .object({
    petitionerName: z.string().trim().min(1, 'This field is required').max(120),
    accountNo: z.string().trim().max(30).optional(),
    forum: z.enum(FI_FORUMS),
    court: z.string().trim().max(120).optional(),
    caseNumber: z.string().trim().max(40).optional(),
    filedOn: isoDate,
    claimAmount: decimal.optional(),
    currency: z.enum(['INR', 'USD']).default('INR'),
    subject: z.string().trim().min(1, 'This field is required').max(1000),
    nextHearingDate: isoDate.optional(),
    advocateName: z.string().trim().max(100).optional(),
  })
  .strict();

export const fiMatterUpdateSchema = z
  .object({
    version: z.number().int().positive().max(2_147_483_647),
    nextHearingDate: isoDate.nullable().optional(),
    advocateName: z.string().trim().max(100).optional(),
    status: z.enum(['OPEN', 'DISPOSED']).optional(),
    outcome: z.string().trim().max(500).optional(),
    remarks: z.string().trim().max(1000).optional(),
  })
  .strict();

export const fiMatterRowSchema = z.object({
  matterId: z.number(),
  matterNo: z.string(),
  petitionerName: z.string(),
  accountNo: z.string().nullable(),
  forum: z.enum(FI_FORUMS),
  court: z.string().nullable(),
  caseNumber: z.string().nullable(),
  filedOn: z.string(),
  claimAmount: z.string().nullable(),
  currency: z.enum(['INR', 'USD']),
  subject: z.string(),
  nextHearingDate: z.string().nullable(),
  advocateName: z.string().nullable(),
  status: z.enum(['OPEN', 'DISPOSED']),
  outcome: z.string().nullable(),
  unitCode: z.string(),
  version: z.number(),
});

export const pagedQuerySchema = z.object({
  q: z.string().trim().max(60).optional(),
  status: z.string().max(30).optional(),
  pageSize: pageSizeParam,
  page: pageParam,
});

export const pagedReplySchema = <Row extends z.ZodType>(row: Row) =>
  z.object({ data: z.array(row), count: z.number(), page: z.number(), pageSize: z.number() });

export const UPLOAD_KINDS = ['CASE_INITIATION', 'HEARING_UPDATE'] as const;
/** Columns of each upload kind's spreadsheet (first row: these headers). */
export const UPLOAD_COLUMNS: Record<(typeof UPLOAD_KINDS)[number], readonly string[]> = {
  CASE_INITIATION: ['accountNo', 'caseType', 'claimAmount', 'remarks'],
  HEARING_UPDATE: ['caseNo', 'hearingDate', 'courtStage', 'outcome', 'nextHearingDate', 'hearingNotes'],
};
export const MAX_UPLOAD_ROWS = 1000;
/**
 * PROCESSING while its job applies the rows (the counts are the rows applied so far); INTERRUPTED when the job failed
 * for good before the last row (the counts are the rows it applied).
 */
export const UPLOAD_STATUSES = ['PROCESSING', 'COMPLETED', 'COMPLETED_WITH_ERRORS', 'FAILED', 'INTERRUPTED'] as const;

export const uploadRowSchema = z.object({
  uploadId: z.number(),
  kind: z.enum(UPLOAD_KINDS),
  fileName: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  totalRows: z.number(),
  okRows: z.number(),
  failedRows: z.number(),
  /** the job applying the rows (null for uploads made before uploads were recorded at the request) */
  jobId: z.number().nullable(),
  uploadedBy: z.string(),
  createdAt: z.string(),
});
export const uploadErrorSchema = z.object({ row: z.number(), field: z.string(), message: z.string() });
export const uploadReplySchema = uploadRowSchema.extend({ errors: z.array(uploadErrorSchema) });

export const documentsQuerySchema = pagedQuerySchema.extend({
  /** a document code (checklist requirement) or NOTICE for generated notices */
  code: z.string().max(40).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export const legalDocumentRowSchema = z.object({
  documentId: z.number(),
  caseId: z.number(),
  caseNo: z.string(),
  accountNo: z.string(),
  customerName: z.string(),
  code: z.string(),
  documentName: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number(),
  isGenerated: z.boolean(),
  uploadedBy: z.string(),
  createdAt: z.string(),
  caseStatus: z.enum(CASE_STATUSES),
});

import { CURRENCIES } from '../money.ts';
import { z } from 'zod';
import { productCodesParam } from '../products.ts';
import { PTP_DEVIATION_REASON_MAX, PTP_DEVIATION_REASON_MIN } from './ptp-policy.ts';
import { optionalRemarksSchema, requiredRemarksSchema } from '../remarks.ts';
import { idParam as recordId, pageSizeParam, wholeNumberParam } from '../numeric-params.ts';

// API contracts of the collections casework (issue 3), shared by server (validation, OpenAPI) and web (forms).
// Every endpoint lives under /api/collections. Money travels as decimal strings with its currency.

const decimal = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,2})?$/, 'must be an amount with at most 2 decimals');
const isoDate = z.iso.date('must be a date (YYYY-MM-DD)');
const id = recordId;
// Ids and versions are bounded by their column types (integer / bigint), so an oversized number is a 400, not a
// database error.
const intId = z.number().int().positive().max(2_147_483_647);
const bigId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const CONTACT_MODES = ['CALL', 'SMS', 'WHATSAPP', 'EMAIL', 'FIELD_VISIT', 'INBOUND'] as const;
export const REMINDER_MODES = ['NONE', 'SMS', 'EMAIL', 'CALL'] as const;

/** GET /api/collections/trays/:tray — query string (all optional). */
export const trayQuerySchema = z
  .object({
    view: z.enum(['my', 'team']).default('my'),
    /** one of the tray's extra views (spec §2.7), e.g. currentEscalation */
    searchView: z.string().max(40).optional(),
    dpdFrom: wholeNumberParam(0, 100_000).optional(),
    dpdTo: wholeNumberParam(0, 100_000).optional(),
    overdueFrom: decimal.optional(),
    overdueTo: decimal.optional(),
    /**
     * the currency of the overdue bounds: amounts of different currencies are never compared, so a bound selects
     * accounts of this currency only (INR when omitted)
     */
    overdueCurrency: z.enum(CURRENCIES).optional(),
    /** comma-separated product codes */
    products: productCodesParam,
    /** account number or customer name, prefix match */
    q: z.string().trim().max(60).optional(),
    sort: z.string().max(40).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    pageSize: pageSizeParam,
    /** opaque keyset cursor from a previous page */
    cursor: z.string().max(512).optional(),
    direction: z.enum(['first', 'next', 'prev', 'last']).default('first'),
  })
  .superRefine((q, ctx) => {
    if (q.dpdFrom !== undefined && q.dpdTo !== undefined && q.dpdFrom > q.dpdTo) {
      ctx.addIssue({ code: 'custom', path: ['dpdTo'], message: 'must be at least DPD from' });
    }
    if (q.overdueFrom !== undefined && q.overdueTo !== undefined && Number(q.overdueFrom) > Number(q.overdueTo)) {
      ctx.addIssue({ code: 'custom', path: ['overdueTo'], message: 'must be at least overdue from' });
    }
    if ((q.direction === 'next' || q.direction === 'prev') && !q.cursor) {
      ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'is required to page next or prev' });
    }
  });
export type TrayQuery = z.infer<typeof trayQuerySchema>;

export const accountRowSchema = z.object({
  accountId: z.number(),
  accountNo: z.string(),
  cardNo: z.string().nullable(),
  customerName: z.string(),
  product: z.string(),
  currency: z.enum(['INR', 'USD']),
  dpd: z.number(),
  bucket: z.string(),
  assetClass: z.string(),
  totalBalanceOutstanding: z.string(),
  totalAmountOverdue: z.string(),
  lastContactedBy: z.string().nullable(),
  lastActionDate: z.string().nullable(),
  nextActionDate: z.string().nullable(),
  allocatedTo: z.string().nullable(),
  unitCode: z.string(),
  isOnHold: z.boolean(),
  isSuppressed: z.boolean(),
  version: z.number(),
});
export type AccountRow = z.infer<typeof accountRowSchema>;

/** The account summary every PTP and escalation row carries. */
const accountSummaryFields = {
  accountId: z.number(),
  accountNo: z.string(),
  customerName: z.string(),
  currency: z.enum(['INR', 'USD']),
  dpd: z.number(),
  bucket: z.string(),
};

export const ptpRowSchema = z.object({
  ptpId: z.number(),
  ...accountSummaryFields,
  promisedDate: z.string(),
  promisedAmount: z.string(),
  ptpStatus: z.string(),
  deviationStatus: z.string(),
  deviationReasons: z.array(z.string()),
  capturedBy: z.string(),
  capturedByUserId: z.number(),
  referredTo: z.string().nullable(),
  version: z.number(),
});
export type PtpRow = z.infer<typeof ptpRowSchema>;

export const escalationRowSchema = z.object({
  escalationId: z.number(),
  ...accountSummaryFields,
  totalAmountOverdue: z.string(),
  escalationReason: z.string(),
  escalationStatus: z.string(),
  raisedOn: z.string(),
  allocatedTo: z.string().nullable(),
  version: z.number(),
});
export type EscalationRow = z.infer<typeof escalationRowSchema>;

export const reallocationRequestRowSchema = z.object({
  requestId: z.number(),
  accountCount: z.number(),
  accountNos: z.string(),
  toName: z.string(),
  reason: z.string(),
  maker: z.string(),
  makerUserId: z.number(),
  requestStatus: z.string(),
  createdAt: z.string(),
  version: z.number(),
});
export type ReallocationRequestRow = z.infer<typeof reallocationRequestRowSchema>;

/** Reply of every tray list: keyset pages with a total count. */
export const trayPageSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({
    data: z.array(row),
    count: z.number(),
    pageSize: z.number(),
    nextCursor: z.string().nullable(),
    prevCursor: z.string().nullable(),
  });

/** GET /api/collections/accounts/:accountId?tray=<trayKey> — the account view (spec §3 entities). */
export const accountViewSchema = z.object({
  tabs: z.array(z.object({ name: z.string(), editable: z.boolean() })),
  account: z.object({
    id: z.number(),
    accountNo: z.string(),
    cardNo: z.string().nullable(),
    dpd: z.number(),
    bucket: z.string(),
    assetClass: z.string(),
    bounceDate: z.string().nullable(),
    bounceReason: z.string().nullable(),
    bounceCharges: z.string(),
    totalInterestOutstanding: z.string(),
    totalPrincipalOutstanding: z.string(),
    otherCharges: z.string(),
    overdueCharges: z.string(),
    loanAmount: z.string(),
    emiAmount: z.string(),
    totalDueAmount: z.string(),
    tenure: z.number(),
    issuedBy: z.string().nullable(),
    promoCode: z.string().nullable(),
    branchName: z.string(),
    scheme: z.string().nullable(),
    product: z.string(),
    currency: z.enum(['INR', 'USD']),
    maturityDate: z.string().nullable(),
    lastDueDate: z.string().nullable(),
    disbursalDate: z.string(),
    repaymentMode: z.string().nullable(),
    delinquentFlag: z.boolean(),
    allocatedTo: z.string().nullable(),
    isOnHold: z.boolean(),
    isSuppressed: z.boolean(),
    inSkipTrace: z.boolean(),
    version: z.number(),
    /** the account's active marks (DO_NOT_CALL, FRAUD, VIP …), approved on Account Marking Approval */
    marks: z.array(z.string()).default([]),
  }),
  customer: z.object({
    id: z.number(),
    cif: z.string(),
    customerName: z.string(),
    pan: z.string().nullable(),
    customerType: z.string(),
    generalBanking: z.string().nullable(),
    segmentation: z.string().nullable(),
    dob: z.string().nullable(),
    serviceSegment: z.string().nullable(),
    timeZone: z.string(),
  }),
  addresses: z.array(
    z.object({
      id: z.number(),
      addressType: z.string(),
      line1: z.string(),
      line2: z.string().nullable(),
      line3: z.string().nullable(),
      landmark: z.string().nullable(),
      city: z.string(),
      state: z.string(),
      country: z.string(),
      pinCode: z.string(),
      customerName: z.string(),
      level: z.string(),
      version: z.number(),
    }),
  ),
  contacts: z.array(
    z.object({
      id: z.number(),
      contactType: z.string(),
      contactCategory: z.string(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
      customerName: z.string(),
      level: z.string(),
      mode: z.string().nullable(),
      isValid: z.boolean(),
      invalidReason: z.string().nullable(),
      version: z.number(),
    }),
  ),
  collaterals: z.array(
    z.object({
      id: z.number(),
      collateralType: z.string(),
      description: z.string(),
      registrationNo: z.string().nullable(),
      makeModel: z.string().nullable(),
      value: z.string().nullable(),
      currency: z.string(),
      valuationDate: z.string().nullable(),
    }),
  ),
  dues: z.array(
    z.object({
      installmentNo: z.number(),
      dueDate: z.string(),
      amountDue: z.string(),
      amountPaid: z.string(),
      paidDate: z.string().nullable(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.number(),
      paidOn: z.string(),
      amount: z.string(),
      mode: z.string(),
      reference: z.string().nullable(),
    }),
  ),
  linkedAccounts: z.array(
    z.object({
      id: z.number(),
      accountNo: z.string(),
      product: z.string(),
      sourceProduct: z.string().nullable(),
      pos: z.string(),
      totalOutstanding: z.string(),
      dpd: z.number(),
      customerName: z.string(),
      currency: z.string(),
    }),
  ),
  followUps: z.array(
    z.object({
      id: z.number(),
      contactMode: z.string(),
      reminderMode: z.string().nullable(),
      contactedByUnit: z.string(),
      contactedBy: z.string(),
      contactedAt: z.string(),
      personContacted: z.string().nullable(),
      dispositionCode: z.string(),
      actionAmount: z.string().nullable(),
      nextActionDate: z.string().nullable(),
      nextActionTime: z.string().nullable(),
      remarks: z.string().nullable(),
      documentId: z.number().nullable(),
      callingWindowOverride: z.string().nullable(),
    }),
  ),
  ptps: z.array(ptpRowSchema.omit({ accountNo: true, customerName: true, dpd: true, bucket: true })),
  restrictions: z.array(
    z.object({
      id: z.number(),
      kind: z.string(),
      action: z.string(),
      reason: z.string(),
      remarks: z.string().nullable(),
      by: z.string(),
      businessDate: z.string(),
      /** a START's own end: day start ends it on this business date (null: until someone ends it) */
      expiresOn: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  allocationHistory: z.array(
    z.object({
      id: z.number(),
      to: z.string(),
      kind: z.string(),
      by: z.string(),
      startedAt: z.string(),
      endedAt: z.string().nullable(),
    }),
  ),
});
export type AccountView = z.infer<typeof accountViewSchema>;

/** POST /api/collections/accounts/:accountId/follow-ups?tray=<trayKey> (needs the Followup tab editable). */
export const followUpInputSchema = z
  .object({
    contactMode: z.enum(CONTACT_MODES),
    reminderMode: z.enum(REMINDER_MODES).optional(),
    personContacted: z.string().trim().max(120).optional(),
    contactId: bigId.optional(),
    dispositionCode: z.string().trim().min(1, 'is required').max(30),
    actionAmount: decimal.optional(),
    nextActionDate: isoDate.optional(),
    nextActionTime: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time (HH:MM)')
      .optional(),
    remarks: z.string().trim().max(1000).optional(),
    /** a document uploaded to the same account (POST …/accounts/:accountId/documents) */
    documentId: bigId.optional(),
    /** required when contacting outside 08:00–19:00 of the borrower's time */
    callingWindowOverride: z
      .string()
      .trim()
      .min(10, 'must explain the reason (at least 10 characters)')
      .max(500)
      .optional(),
    /** required when the promise is outside the PTP policy (it goes to a supervisor with this reason) */
    deviationReason: z
      .string()
      .trim()
      .min(PTP_DEVIATION_REASON_MIN, `must explain the reason (at least ${PTP_DEVIATION_REASON_MIN} characters)`)
      .max(PTP_DEVIATION_REASON_MAX)
      .optional(),
  })
  .strict();
export type FollowUpInput = z.infer<typeof followUpInputSchema>;

const versioned = { version: intId };

/** PATCH /api/collections/accounts/:accountId/contacts/:contactId?tray= (Contact tab editable). */
export const contactUpdateSchema = z
  .object({
    ...versioned,
    phone: z
      .string()
      .regex(/^\d{6,15}$/, 'must be 6 to 15 digits')
      .optional(),
    email: z.email('Invalid email address').optional(),
    mode: z.enum(['CALL', 'SMS', 'WHATSAPP', 'EMAIL']).optional(),
    isValid: z.boolean().optional(),
    invalidReason: z.string().trim().max(200).optional(),
  })
  .strict();

/** PATCH /api/collections/accounts/:accountId/addresses/:addressId?tray= (Address tab editable). */
export const addressUpdateSchema = z
  .object({
    ...versioned,
    line1: z.string().trim().min(1).max(120).optional(),
    line2: z.string().trim().max(120).optional(),
    line3: z.string().trim().max(120).optional(),
    landmark: z.string().trim().max(120).optional(),
    city: z.string().trim().min(1).max(60).optional(),
    state: z.string().trim().min(1).max(60).optional(),
    pinCode: z
      .string()
      .regex(/^\d{6}$/, 'must be 6 digits')
      .optional(),
  })
  .strict();

// Strict as well: an intersection reports an unknown field only when both of its sides refuse it.
const assignee = z
  .strictObject({ toUserId: intId.optional(), toAgencyId: intId.optional() })
  .refine((a) => (a.toUserId === undefined) !== (a.toAgencyId === undefined), {
    message: 'choose exactly one user or one agency',
    path: ['toUserId'],
  });

/** POST /api/collections/allocations (MAN_ALLOC_SAUTH). Empty accountIds → 'Select accounts for Allocation'. */
export const allocationInputSchema = z
  .object({
    accountIds: z.array(bigId).max(500),
    toUserId: intId.optional(),
    toAgencyId: intId.optional(),
    reason: z.string().trim().max(300).optional(),
  })
  .strict()
  .and(assignee);

/** POST /api/collections/reallocation-requests (MAN_REALLOC_SAUTH): the maker's request. */
export const reallocationRequestInputSchema = z
  .object({
    accountIds: z.array(bigId).max(500),
    toUserId: intId.optional(),
    toAgencyId: intId.optional(),
    reason: z.string().trim().min(3, 'is required').max(300),
  })
  .strict()
  .and(assignee);

/** POST …/approve on re-allocation requests, PTP deviations and escalations: remarks are optional. */
export const decisionInputSchema = z.object({ ...versioned, remarks: optionalRemarksSchema() }).strict();

/** POST …/reject on re-allocation requests, PTP deviations and escalations: a rejection must say why. */
export const rejectionInputSchema = z.object({ ...versioned, remarks: requiredRemarksSchema() }).strict();

/** The body schema of each decision: a reject needs remarks, an approve does not. */
export const decisionInputSchemas = { approve: decisionInputSchema, reject: rejectionInputSchema } as const;

/** POST /api/collections/escalations/:id/reallocate (ESCALATED_SAUTH). */
export const escalationReallocateSchema = z
  .object({
    ...versioned,
    toUserId: intId.optional(),
    toAgencyId: intId.optional(),
    remarks: z.string().trim().max(500).optional(),
  })
  .strict()
  .and(assignee);

export const HOLD_REASONS = [
  'Complaint pending',
  'Dispute',
  'Legal sub-judice',
  'Deceased',
  'Bereavement, calamity or festival',
  'Settlement under process',
  'Fraud investigation',
] as const;

/** POST /api/collections/accounts/:accountId/holds and …/suppressions: immutable START/END actions. */
export const restrictionInputSchema = z
  .object({
    action: z.enum(['START', 'END']),
    reason: z.string().trim().min(3, 'is required').max(200),
    remarks: z.string().trim().max(500).optional(),
    /** START only: the hold or suppression ends by itself at day start of this business date */
    expiresOn: z.iso.date({ error: 'Give the date as YYYY-MM-DD' }).optional(),
  })
  .strict();

/** POST /api/collections/ptps/:ptpId/refer (PTP_REFERRAL_SAUTH): refer a PTP to a field collector. */
export const ptpReferInputSchema = z.object({ ...versioned, toUserId: intId }).strict();

/** GET /api/collections/assignees?for=<trayKey> — users and agencies of the acting unit's subtree. */
export const assigneesReplySchema = z.object({
  users: z.array(z.object({ id: z.number(), name: z.string(), username: z.string(), unitCode: z.string() })),
  agencies: z.array(z.object({ id: z.number(), name: z.string(), code: z.string() })),
});

export const idParam = z.object({ id });

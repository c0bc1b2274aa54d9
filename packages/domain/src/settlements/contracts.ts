import { z } from 'zod';
import { pageParam, pageSizeParam } from '../numeric-params.ts';
import { optionalRemarksSchema, remarksSchemaFor } from '../remarks.ts';

// The settlements API's contracts (issue 13): the server parses bodies and queries with them, the web's forms
// validate with them. Amounts travel as exact decimal strings ("125000.50"); the server keeps integer minor units.

const decimal = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,2})?$/, 'must be an amount with at most 2 decimals');
const isoDate = z.iso.date('must be a date (YYYY-MM-DD)');
const bigId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const version = z.number().int().positive().max(2_147_483_647);

export const SETTLEMENT_MAX_INSTALMENTS = 24;

export const settlementInstalmentInputSchema = z.object({ dueDate: isoDate, amount: decimal }).strict();

/** The terms a maker proposes (initiation and resubmission alike). */
export const settlementTermsSchema = z
  .object({
    /** what the borrower pays in all (the rest of the outstanding is the waiver) */
    totalPayable: decimal,
    /** the party the settlement is made with (the borrower, or a guarantor / family member paying for them) */
    partyName: z.string().trim().min(1, 'This field is required').max(120),
    instalments: z
      .array(settlementInstalmentInputSchema)
      .min(1, 'needs at least one instalment')
      .max(SETTLEMENT_MAX_INSTALMENTS, `at most ${SETTLEMENT_MAX_INSTALMENTS} instalments`),
    remarks: optionalRemarksSchema(),
  })
  .strict();
export type SettlementTerms = z.infer<typeof settlementTermsSchema>;

/** POST /api/settlements (SETTLE_INIT_SAUTH, Idempotency-Key). */
export const settlementInitiateSchema = settlementTermsSchema.extend({ accountId: bigId }).strict();
export type SettlementInitiateInput = z.infer<typeof settlementInitiateSchema>;

/** POST /api/settlements/:id/resubmit — the maker's answer to a pushback, with the version read. */
export const settlementResubmitSchema = settlementTermsSchema.extend({ version }).strict();
export type SettlementResubmitInput = z.infer<typeof settlementResubmitSchema>;

export const SETTLEMENT_DECISIONS = ['approve', 'reject', 'pushback'] as const;
export type SettlementDecision = (typeof SETTLEMENT_DECISIONS)[number];
export const settlementDecisionSchemaFor = (decision: SettlementDecision) =>
  z.object({ version, remarks: remarksSchemaFor(decision) }).strict();

/** The spec's views: All, Pending Approval, Approved, Rejected, Pushback. */
export const SETTLEMENT_TABS = ['all', 'pending', 'approved', 'rejected', 'pushback'] as const;
export type SettlementTab = (typeof SETTLEMENT_TABS)[number];
/** The three screens: who sees what is the same (the acting unit's subtree), the authority differs. */
export const SETTLEMENT_SCREENS = ['initiate', 'approval', 'viewer'] as const;
export type SettlementScreen = (typeof SETTLEMENT_SCREENS)[number];

export const settlementListQuerySchema = z.object({
  tab: z.enum(SETTLEMENT_TABS).default('all'),
  q: z.string().trim().max(60).optional(),
  page: pageParam,
  pageSize: pageSizeParam,
});
export type SettlementListQuery = z.input<typeof settlementListQuerySchema>;

/** The spec's status values. */
export const SETTLEMENT_STATUSES = ['PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'PUSHBACK'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];
/** Where an approved settlement is: paying its schedule, lapsed (a missed instalment), or settled (paid). */
export const SETTLEMENT_STAGES = ['APPROVAL', 'PAYMENT', 'LAPSED', 'SETTLED', 'CLOSED'] as const;
export type SettlementStage = (typeof SETTLEMENT_STAGES)[number];

const componentsSchema = z.object({ principal: z.string(), interest: z.string(), charges: z.string() });

export const settlementRowSchema = z.object({
  id: z.number(),
  accountId: z.number(),
  accountNo: z.string(),
  customerName: z.string(),
  currency: z.string(),
  /** the outstanding at initiation (principal + interest + charges): the spec's "amount" */
  amount: z.string(),
  waiverPercent: z.string(),
  waiverAmount: z.string(),
  totalPayable: z.string(),
  /** the last instalment's date */
  paymentDate: z.string().nullable(),
  partyName: z.string(),
  status: z.enum(SETTLEMENT_STATUSES),
  stage: z.enum(SETTLEMENT_STAGES),
  /** the level it needs (1 branch … 5 board) */
  requiredLevel: z.number(),
  restructuring: z.boolean(),
  initiator: z.string(),
  initiatedAt: z.string(),
  /** days from the request to its decision (or to now while it waits) */
  tatDays: z.number(),
  /** waiting longer than the approval TAT */
  overdue: z.boolean(),
  version: z.number(),
});
export type SettlementRow = z.infer<typeof settlementRowSchema>;

export const settlementListReplySchema = z.object({
  data: z.array(settlementRowSchema),
  count: z.number(),
  page: z.number(),
  pageSize: z.number(),
  counts: z.record(z.enum(SETTLEMENT_TABS), z.number()),
});
export type SettlementListReply = z.infer<typeof settlementListReplySchema>;

export const instalmentRowSchema = z.object({
  no: z.number(),
  dueDate: z.string(),
  amount: z.string(),
  paid: z.string(),
  status: z.enum(['PAID', 'PART_PAID', 'DUE', 'OVERDUE', 'MISSED']),
});

export const settlementHistorySchema = z.object({
  action: z.string(),
  actor: z.string().nullable(),
  remarks: z.string().nullable(),
  at: z.string(),
});

export const settlementDetailSchema = settlementRowSchema.extend({
  outstanding: componentsSchema,
  waiver: componentsSchema,
  payable: componentsSchema,
  levelReason: z.enum(['MATRIX', 'SANCTION', 'FRAUD_OR_WILFUL']),
  /** the level the request waits at (while pending) */
  approvalLevel: z.number().nullable(),
  makerUserId: z.number().nullable(),
  remarks: z.string().nullable(),
  decisionRemarks: z.string().nullable(),
  approvedOn: z.string().nullable(),
  received: z.string(),
  instalments: z.array(instalmentRowSchema),
  history: z.array(settlementHistorySchema),
  letterAvailable: z.boolean(),
});
export type SettlementDetail = z.infer<typeof settlementDetailSchema>;

/** GET /api/settlements/accounts/:accountId — what a maker starts from: the account's dues and its settlements. */
export const settlementAccountSchema = z.object({
  accountId: z.number(),
  accountNo: z.string(),
  customerName: z.string(),
  currency: z.string(),
  product: z.string(),
  dpd: z.number(),
  outstanding: componentsSchema,
  totalOutstanding: z.string(),
  sanctionLevel: z.string(),
  fraud: z.boolean(),
  wilfulDefaulter: z.boolean(),
  businessDate: z.string(),
  settlementStatus: z.string().nullable(),
  settlements: z.array(settlementRowSchema),
});
export type SettlementAccount = z.infer<typeof settlementAccountSchema>;

/** GET /api/settlements/accounts/:id/summary — the account view's settlement line (any collections user in scope). */
export const accountSettlementSummarySchema = z.object({
  settlement: z
    .object({
      id: z.number(),
      status: z.enum(SETTLEMENT_STATUSES),
      stage: z.enum(SETTLEMENT_STAGES),
      currency: z.string(),
      totalPayable: z.string(),
      received: z.string(),
      restructuring: z.boolean(),
      nextDue: z.object({ dueDate: z.string(), amount: z.string() }).nullable(),
    })
    .nullable(),
});
export type AccountSettlementSummary = z.infer<typeof accountSettlementSummarySchema>;

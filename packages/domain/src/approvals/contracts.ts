import { z } from 'zod';
import { CURRENCIES } from '../money.ts';
import { REMARKS_MAX_LENGTH, remarksSchemaFor } from '../remarks.ts';
import { APPROVAL_STATUSES, APPROVAL_STEPS, type DecisionKind } from './flow.ts';
import { pageParam, pageSizeParam } from '../numeric-params.ts';

// API contracts of the approval kit's own routes (/api/approvals/<flow>/requests…), shared by server and web.
// Flows whose module keeps its own routes (re-allocation, PTP deviation, escalation) answer their own shapes.

const amount = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,2})?$/, 'must be an amount with at most 2 decimals');
const bigId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const version = z.number().int().positive().max(2_147_483_647);
const remarks = z.string().trim().min(1).max(REMARKS_MAX_LENGTH);

/** POST /api/approvals/<flow>/requests (the flow's maker authority). */
export const approvalRequestInputSchema = z
  .object({
    subjectId: bigId,
    /** amount-limited flows: what the checker's delegation limit is held against */
    amount: amount.optional(),
    currency: z.enum(CURRENCIES).optional(),
    remarks: remarks.optional(),
    /** the flow's own request fields */
    payload: z.record(z.string(), z.unknown()).default({}),
  })
  .strict()
  .refine((input) => (input.amount === undefined) === (input.currency === undefined), {
    message: 'amount and currency go together',
    path: ['currency'],
  });
export type ApprovalRequestInput = z.infer<typeof approvalRequestInputSchema>;

/** POST /api/approvals/<flow>/requests/:id/<decision> (the level's authority): remarks optional (approve). */
export const approvalDecisionInputSchema = z.object({ version, remarks: remarks.optional() }).strict();
export type ApprovalDecisionInput = z.infer<typeof approvalDecisionInputSchema>;

/** The body of a decision of this kind: a reject or pushback must say why (`remarksSchemaFor`). */
export function approvalDecisionInputSchemaFor(kind: DecisionKind) {
  return z.object({ version, remarks: remarksSchemaFor(kind) }).strict();
}

/** POST /api/approvals/<flow>/requests/:id/resubmit (the maker, after a pushback). */
export const approvalResubmitInputSchema = z
  .object({
    version,
    remarks: remarks.optional(),
    amount: amount.optional(),
    payload: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type ApprovalResubmitInput = z.infer<typeof approvalResubmitInputSchema>;

export const approvalEventSchema = z.object({
  action: z.enum(APPROVAL_STEPS),
  decision: z.string().nullable(),
  fromStatus: z.enum(APPROVAL_STATUSES).nullable(),
  toStatus: z.enum(APPROVAL_STATUSES),
  fromLevel: z.number().nullable(),
  toLevel: z.number(),
  actorUserId: z.number().nullable(),
  actorName: z.string().nullable(),
  remarks: z.string().nullable(),
  effects: z.record(z.string(), z.unknown()),
  requestVersion: z.number(),
  at: z.string(),
});
export type ApprovalEventRow = z.infer<typeof approvalEventSchema>;

/** A request with its history (the kit's replies). */
export const approvalRequestReplySchema = z.object({
  id: z.number(),
  flowCode: z.string(),
  subjectType: z.string(),
  subjectId: z.number(),
  status: z.enum(APPROVAL_STATUSES),
  /** the checker level it waits at (or was decided at) */
  level: z.number(),
  levels: z.number(),
  decision: z.string().nullable(),
  makerUserId: z.number().nullable(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  remarks: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  history: z.array(approvalEventSchema),
});
export type ApprovalRequestReply = z.infer<typeof approvalRequestReplySchema>;

/** The tabs of a flow's list (spec §4: pending approval, approved, rejected, pushback). */
export const APPROVAL_TABS = ['pending', 'approved', 'rejected', 'pushback'] as const;
export type ApprovalTab = (typeof APPROVAL_TABS)[number];

/** GET /api/approvals/<flow>/requests — the acting unit's subtree (team) or the caller's own requests (my). */
export const approvalListQuerySchema = z
  .object({
    tab: z.enum(APPROVAL_TABS).default('pending'),
    view: z.enum(['my', 'team']).default('team'),
    pageSize: pageSizeParam,
    page: pageParam,
  })
  .strict();
export type ApprovalListQuery = z.infer<typeof approvalListQuerySchema>;

export const approvalRowSchema = approvalRequestReplySchema.omit({ history: true }).extend({
  makerName: z.string().nullable(),
  /** what the subject is called on screen (an account's number and borrower), when the flow's handler says */
  subjectLabel: z.string().nullable(),
});
export type ApprovalRow = z.infer<typeof approvalRowSchema>;

export const approvalListPageSchema = z.object({
  data: z.array(approvalRowSchema),
  count: z.number(),
  page: z.number(),
  pageSize: z.number(),
  tabCounts: z.object({ pending: z.number(), approved: z.number(), rejected: z.number(), pushback: z.number() }),
});
export type ApprovalListPage = z.infer<typeof approvalListPageSchema>;

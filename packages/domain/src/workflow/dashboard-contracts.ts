import { z } from 'zod';

// A workflow's dashboard (any definition): per stage of its active version the tab counts, the overdue cases and the
// ageing of the open cases at the stage; totals; the most overdue cases with the date rules that make them due. The
// counts are of the acting unit's subtree. The legal dashboard has its own contract (legal/contracts.ts: the pool and
// hearings); the repossession dashboard is two of these (repo/contracts.ts).

/** Days a case has been at its stage, counted from stage_entered_on to the business date. */
export const AGEING_BUCKETS = ['upTo7', 'upTo30', 'upTo90', 'over90'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export const workflowStageCountsSchema = z.object({
  stage: z.string(),
  labelKey: z.string(),
  routeSlug: z.string(),
  /** the caller holds the stage's authority (its figures link to its tray) */
  canOpen: z.boolean(),
  open: z.number(),
  pendingApproval: z.number(),
  pushback: z.number(),
  rejected: z.number(),
  overdue: z.number(),
  /** open cases by days at the stage */
  ageing: z.object({ upTo7: z.number(), upTo30: z.number(), upTo90: z.number(), over90: z.number() }),
});

export const overdueDateRuleSchema = z.object({ name: z.string(), label: z.string(), labelKey: z.string() });

export const workflowOverdueCaseSchema = z.object({
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
  /** the 'latest' date rules of the stage (statutory or policy): what the due date is */
  rules: z.array(overdueDateRuleSchema),
});

export const workflowDashboardSchema = z.object({
  code: z.string(),
  labelKey: z.string(),
  /** the active version (its stages are listed) */
  version: z.number(),
  stages: z.array(workflowStageCountsSchema),
  totals: z.object({ open: z.number(), overdue: z.number(), closedThisMonth: z.number() }),
  /** open cases past their stage's due date, most overdue first (at most 20) */
  overdueCases: z.array(workflowOverdueCaseSchema),
});
export type WorkflowDashboard = z.infer<typeof workflowDashboardSchema>;
export type WorkflowStageCounts = z.infer<typeof workflowStageCountsSchema>;
export type WorkflowOverdueCase = z.infer<typeof workflowOverdueCaseSchema>;

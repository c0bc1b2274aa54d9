import { z } from 'zod';
import type { RepossessionTimelines } from '../workflow/definitions/repossession.ts';
import type { SarfaesiTimelines } from '../workflow/definitions/sarfaesi.ts';
import { workflowDashboardSchema } from '../workflow/dashboard-contracts.ts';
import { caseFieldsSchema } from '../workflow/contracts.ts';
import { pageParam, wholeNumberParam } from '../numeric-params.ts';
import { CURRENCIES } from '../money.ts';
import { repoRecoveriesSchema } from './recoveries.ts';

// The repossession app's own routes beyond the generic workflow routes (issue 15):
//   GET /api/repo/dashboard            DASH_REPO_SAUTH      REPOSSESSION and SARFAESI work of the acting unit's subtree
//   GET /api/repo/settings             REPO_SETTINGS_SAUTH  the timelines of both workflows, their active versions
//   PUT /api/repo/settings/:code       REPO_SETTINGS_SAUTH  new timelines of one workflow: publishes a new version
//   GET  /api/repo/:code/candidates    the initial stage's  accounts in scope past due with no open case of the code
//   POST /api/repo/:code/accounts/:accountId/cases  (REPO_INITIATE_SAUTH / SARF_INIT_SAUTH)  starts a case

export const REPO_WORKFLOW_CODES = ['REPOSSESSION', 'SARFAESI'] as const;
export type RepoWorkflowCode = (typeof REPO_WORKFLOW_CODES)[number];

export const repoDashboardSchema = z.object({
  businessDate: z.string(),
  workflows: z.array(workflowDashboardSchema),
  /** what the closed cases brought back, per workflow and currency (recoveries.ts) */
  recoveries: repoRecoveriesSchema,
});
export type RepoDashboard = z.infer<typeof repoDashboardSchema>;

const days = (max: number) => z.number().int().min(1).max(max);

export const repossessionTimelinesSchema = z
  .object({
    preRepossessionNoticeDays: days(90),
    policePostIntimationDays: days(30),
    postRepossessionLetterDays: days(30),
    valuationDays: days(90),
    saleDays: days(365),
    auctionNoticeDays: days(90),
    preSaleNoticeDays: days(90),
    releaseDays: days(90),
    approvalSlaDays: days(90),
  })
  .strict() satisfies z.ZodType<RepossessionTimelines>;

export const sarfaesiTimelinesSchema = z
  .object({
    demandNoticeDays: days(365),
    representationReplyDays: days(90),
    possessionPublicationDays: days(90),
    drtChallengeDays: days(365),
    magistrateOrderDays: days(365),
    magistrateEscalationDays: days(365),
    saleNoticeDays: days(365),
    resaleNoticeDays: days(365),
    balancePaymentDays: days(365),
    releaseDays: days(90),
    nbfcMinimumDebt: z
      .string()
      .trim()
      .regex(/^\d{1,15}(\.\d{1,2})?$/, 'must be an amount with at most 2 decimals'),
    approvalSlaDays: days(90),
  })
  .strict() satisfies z.ZodType<SarfaesiTimelines>;

/** The timelines schema of each workflow the settings screen edits. */
export const REPO_TIMELINES_SCHEMAS = {
  REPOSSESSION: repossessionTimelinesSchema,
  SARFAESI: sarfaesiTimelinesSchema,
} as const;

export const repoWorkflowSettingsSchema = z.object({
  code: z.enum(REPO_WORKFLOW_CODES),
  labelKey: z.string(),
  /** the timelines the active version was built from (the built-in defaults until someone changes them) */
  timelines: z.record(z.string(), z.union([z.number(), z.string()])),
  /** the active definition version */
  definitionVersion: z.number(),
  /** optimistic version of the settings row (0 until first saved) */
  version: z.number(),
});
export const repoSettingsSchema = z.object({ workflows: z.array(repoWorkflowSettingsSchema) });
export type RepoSettings = z.infer<typeof repoSettingsSchema>;
export type RepoWorkflowSettings = z.infer<typeof repoWorkflowSettingsSchema>;

export const repoSettingsParamsSchema = z.object({ code: z.enum(REPO_WORKFLOW_CODES) });
/** PUT body: the workflow's complete timelines (checked against its schema) and the settings version read. */
export const repoSettingsInputSchema = z
  .object({
    timelines: z.record(z.string(), z.unknown()),
    version: z.number().int().min(0),
  })
  .strict();
export type RepoSettingsInput = z.infer<typeof repoSettingsInputSchema>;

/** An account that may be initiated: in the acting unit's subtree, past due, with no open case of the workflow. */
export const initiationCandidateSchema = z.object({
  accountId: z.number(),
  accountNo: z.string(),
  customerName: z.string(),
  product: z.string(),
  dpd: z.number(),
  /** the DPD bucket (CURRENT, B1 … B6) */
  bucket: z.string(),
  currency: z.enum(CURRENCIES),
  /** total amount overdue (unpaid dues plus charges), a decimal string */
  totalAmountOverdue: z.string(),
  unitCode: z.string(),
});
/** One page of candidates, most days past due first; `hasMore` when another page follows. */
export const initiationCandidatesSchema = z.object({
  data: z.array(initiationCandidateSchema),
  hasMore: z.boolean(),
});
export type InitiationCandidate = z.infer<typeof initiationCandidateSchema>;
export type InitiationCandidates = z.infer<typeof initiationCandidatesSchema>;
/** `q`: the account number's start or part of the customer's name; `limit` rows a page; `page` from 1. */
export const initiationCandidatesQuerySchema = z.object({
  q: z.string().trim().max(60).optional(),
  limit: wholeNumberParam(1, 100).default(20),
  page: pageParam,
});

export const startCaseInputSchema = z.object({ fields: caseFieldsSchema.default({}) }).strict();
export const startCaseReplySchema = z.object({ caseId: z.number(), caseNo: z.string(), version: z.number() });

//   GET /api/repo/accounts/:accountId/linked  Link_Lan_AccDtl_SAUTH  the borrower's loan accounts and their exposure

const linkedCaseSchema = z.object({
  caseId: z.number(),
  caseNo: z.string(),
  definitionCode: z.string(),
  stage: z.string(),
  /** the stage's label key and route slug in the active definition (null for a stage it no longer has) */
  stageLabelKey: z.string().nullable(),
  routeSlug: z.string().nullable(),
});

export const linkedAccountSchema = z.object({
  accountId: z.number(),
  accountNo: z.string(),
  product: z.string(),
  currency: z.enum(CURRENCIES),
  unitCode: z.string(),
  branchName: z.string(),
  dpd: z.number(),
  assetClass: z.string(),
  principalOutstanding: z.string(),
  interestOutstanding: z.string(),
  chargesOutstanding: z.string(),
  /** principal + interest + charges */
  totalOutstanding: z.string(),
  totalDueAmount: z.string(),
  settlementStatus: z.string().nullable(),
  /** the account the screen was opened for */
  isThisAccount: z.boolean(),
  openCases: z.array(linkedCaseSchema),
});
export type LinkedAccount = z.infer<typeof linkedAccountSchema>;

export const linkedAccountsSchema = z.object({
  accountId: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  accounts: z.array(linkedAccountSchema),
  /** the exposure per currency: the accounts shown, their outstanding and their overdue */
  exposure: z.array(
    z.object({
      currency: z.enum(CURRENCIES),
      accounts: z.number(),
      totalOutstanding: z.string(),
      totalDue: z.string(),
    }),
  ),
  /** the borrower's accounts in units outside the acting unit's subtree: counted, not shown */
  outsideScope: z.number(),
});
export type LinkedAccounts = z.infer<typeof linkedAccountsSchema>;

import { z } from 'zod';
import { CURRENCIES } from '../money.ts';

// The repossession dashboard's recoveries (GET /api/repo/dashboard, `recoveries`): per workflow (REPOSSESSION,
// SARFAESI) and currency, what the cases of the acting unit's subtree that closed brought back, from their recorded
// closures (secured_closures, written by settleClosure at the closing step): the sale proceeds realised, the expenses
// recovered from them, what was applied to the dues, the waiver written off, the shortfall left on the accounts (still
// recoverable), the surplus owed back to the borrowers and its refunds, due and paid. Amounts are sums of integer
// minor units of the currency, as whole-number strings (a bigint sum); amounts of different currencies are never added.

/** The periods a figure covers, by the closure's business date: this month, the financial year, every closure. */
export type RecoveryPeriod = 'month' | 'yearToDate' | 'allTime';

const minorSum = z.string().regex(/^-?\d+$/);

export const recoveryFiguresSchema = z.object({
  /** cases closed in the period */
  closedCases: z.number(),
  /** of which closed by a sale (the only closures with proceeds) */
  soldCases: z.number(),
  /** the sale amounts realised */
  proceedsMinor: minorSum,
  /** the expenses of taking, keeping and selling recovered from the proceeds */
  expensesMinor: minorSum,
  /** posted to the accounts (receipts): the net proceeds up to the dues */
  appliedMinor: minorSum,
  /** the approved waivers written off at closing */
  waivedMinor: minorSum,
  /** the dues the proceeds and waivers left on the accounts: still recoverable */
  shortfallMinor: minorSum,
  /** the net proceeds above the dues: owed back to the borrowers */
  surplusMinor: minorSum,
  /** the surplus whose refund is not recorded as paid yet, and how many closures owe one */
  refundDueMinor: minorSum,
  refundsDue: z.number(),
  /** the surplus refunded (recorded as paid), and how many closures */
  refundPaidMinor: minorSum,
  refundsPaid: z.number(),
});
export type RecoveryFigures = z.infer<typeof recoveryFiguresSchema>;

export const recoveryCurrencySchema = z.object({
  currency: z.enum(CURRENCIES),
  month: recoveryFiguresSchema,
  yearToDate: recoveryFiguresSchema,
  allTime: recoveryFiguresSchema,
});
export type RecoveryCurrency = z.infer<typeof recoveryCurrencySchema>;

export const workflowRecoveriesSchema = z.object({
  code: z.string(),
  /** the stage whose step closes the case (REPOSSESSION: Closure, SARFAESI: SarfClosure): its tray lists them */
  closureStage: z.string(),
  /** one entry per currency the workflow's closures are in (none before the first closure) */
  currencies: z.array(recoveryCurrencySchema),
});
export type WorkflowRecoveries = z.infer<typeof workflowRecoveriesSchema>;

export const repoRecoveriesSchema = z.object({
  /** the first day of the business date's month (`month` counts closures from it to the business date) */
  monthStart: z.string(),
  /** the first day of the business date's financial year, 1 April (`yearToDate` counts from it) */
  yearStart: z.string(),
  workflows: z.array(workflowRecoveriesSchema),
});
export type RepoRecoveries = z.infer<typeof repoRecoveriesSchema>;

/** The first day of the Indian financial year (1 April to 31 March) of a `YYYY-MM-DD` date. */
export function financialYearStart(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  return `${month >= 4 ? year : year - 1}-04-01`;
}

/** Figures of a period with no closure. */
export const NO_RECOVERIES: RecoveryFigures = {
  closedCases: 0,
  soldCases: 0,
  proceedsMinor: '0',
  expensesMinor: '0',
  appliedMinor: '0',
  waivedMinor: '0',
  shortfallMinor: '0',
  surplusMinor: '0',
  refundDueMinor: '0',
  refundsDue: 0,
  refundPaidMinor: '0',
  refundsPaid: 0,
};

import { z } from 'zod';
import { PRODUCTS } from '../products.ts';
import { shiftDate } from '../workflow/dates.ts';

// The Legal Eligible Pool rule (issue 4): which accounts may go to legal. Configurable in Legal Settings; the
// pool (view `legalEligible`) lists the acting unit's accounts that meet it and have no open legal case.

export const ASSET_CLASSES = ['STANDARD', 'SMA-0', 'SMA-1', 'SMA-2', 'NPA'] as const;

const decimal = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,2})?$/, 'must be an amount with at most 2 decimals');

export const legalPoolRuleSchema = z
  .object({
    /** asset classes that qualify (default: NPA only) */
    assetClasses: z.array(z.enum(ASSET_CLASSES)).min(1, 'Choose at least one asset class'),
    /** minimum days past due */
    minDpd: z.number().int().min(0).max(10_000),
    /** minimum total amount overdue (in the account's currency) */
    minOverdue: decimal,
    /** products that qualify (all when every product is listed) */
    products: z.array(z.enum(PRODUCTS)).min(1, 'Choose at least one product'),
    /** accounts under an allocation hold (dispute, deceased, sub-judice) stay out of the pool */
    excludeOnHold: z.boolean(),
    /** an account marked "not fit for legal" stays out of the pool for this many days */
    reviewCooloffDays: z.number().int().min(0).max(3650),
  })
  .strict();
export type LegalPoolRule = z.infer<typeof legalPoolRuleSchema>;

export const DEFAULT_LEGAL_POOL_RULE: LegalPoolRule = {
  assetClasses: ['NPA'],
  minDpd: 90,
  minOverdue: '5000.00',
  products: [...PRODUCTS],
  excludeOnHold: true,
  reviewCooloffDays: 90,
};

export type PoolCandidate = {
  assetClass: string;
  dpd: number;
  totalDueAmount: string;
  product: string;
  isOnHold: boolean;
  hasOpenLegalCase: boolean;
  /** business date of the last "not fit for legal" decision, if any */
  lastDeclinedOn: string | null;
};

/** Why an account is not in the pool (translation keys); empty when it is eligible. Mirrors the pool SQL. */
export function poolIneligibility(rule: LegalPoolRule, account: PoolCandidate, businessDate: string): string[] {
  const reasons: string[] = [];
  if (!rule.assetClasses.includes(account.assetClass as (typeof ASSET_CLASSES)[number]))
    reasons.push('PoolReasonAssetClass');
  if (account.dpd < rule.minDpd) reasons.push('PoolReasonDpd');
  if (toCents(account.totalDueAmount) < toCents(rule.minOverdue)) reasons.push('PoolReasonOverdue');
  if (!rule.products.includes(account.product as (typeof PRODUCTS)[number])) reasons.push('PoolReasonProduct');
  if (rule.excludeOnHold && account.isOnHold) reasons.push('PoolReasonOnHold');
  if (account.hasOpenLegalCase) reasons.push('PoolReasonOpenCase');
  if (account.lastDeclinedOn !== null && rule.reviewCooloffDays > 0) {
    const until = shiftDate(account.lastDeclinedOn, rule.reviewCooloffDays);
    if (businessDate < until) reasons.push('PoolReasonRecentlyReviewed');
  }
  return reasons;
}

function toCents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
}

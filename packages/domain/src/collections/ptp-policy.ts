import { type Bucket } from './dpd.ts';
import { addDays, daysBetween } from '../dates.ts';
import { toCents } from '../money.ts';

// PTP semantics (domain reference §2.3). Configurable policy with the reference's defaults.
export type PtpPolicy = {
  /** grace after the promised date before a PTP resolves, by payment mode class */
  graceDays: number;
  /** furthest promised date, in days from the business date, for bucket B1 */
  horizonDaysB1: number;
  /** furthest promised date for B2 and beyond */
  horizonDaysLater: number;
  /** minimum promised amount as a multiple of the EMI */
  minimumEmiMultiple: number;
};

export const DEFAULT_PTP_POLICY: PtpPolicy = {
  graceDays: 1,
  horizonDaysB1: 7,
  horizonDaysLater: 15,
  minimumEmiMultiple: 1,
};

export const PTP_STATUSES = ['OPEN', 'KEPT', 'PARTIAL', 'BROKEN', 'CANCELLED'] as const;
export type PtpStatus = (typeof PTP_STATUSES)[number];

export const PTP_DEVIATION_REASONS = ['BEYOND_HORIZON', 'BEYOND_NEXT_DUE', 'BELOW_MINIMUM'] as const;
export type PtpDeviationReason = (typeof PTP_DEVIATION_REASONS)[number];

/** The furthest a promised date may lie after the business date without a supervisor (B1: 7 days, later: 15). */
export function ptpHorizonDays(bucket: string, policy: PtpPolicy = DEFAULT_PTP_POLICY): number {
  return bucket === 'B1' || bucket === 'CURRENT' ? policy.horizonDaysB1 : policy.horizonDaysLater;
}

/** Whether a promised date lies beyond the policy horizon of the account's bucket (a deviation). */
export function isBeyondPtpHorizon(
  input: { businessDate: string; promisedDate: string; bucket: string },
  policy: PtpPolicy = DEFAULT_PTP_POLICY,
): boolean {
  return daysBetween(input.businessDate, input.promisedDate) > ptpHorizonDays(input.bucket, policy);
}

/**
 * Whether a promised amount is more than the account's total due: such a promise is refused (a mistyped amount,
 * never a deviation a supervisor could approve).
 */
export function isAboveTotalDue(promisedAmount: string, totalDueAmount: string): boolean {
  return toCents(promisedAmount) > toCents(totalDueAmount);
}

/** The most characters and the fewest of the reason an agent gives for a promise outside policy. */
export const PTP_DEVIATION_REASON_MIN = 10;
export const PTP_DEVIATION_REASON_MAX = 500;

/** Why a new PTP falls outside policy (empty: within policy). Amounts are decimal strings compared as cents. */
export function ptpDeviationReasons(
  input: {
    businessDate: string;
    promisedDate: string;
    promisedAmount: string;
    bucket: Bucket;
    emiAmount: string;
    nextDueDate: string | null;
  },
  policy: PtpPolicy = DEFAULT_PTP_POLICY,
): PtpDeviationReason[] {
  const reasons: PtpDeviationReason[] = [];
  if (isBeyondPtpHorizon(input, policy)) reasons.push('BEYOND_HORIZON');
  if (input.nextDueDate && input.promisedDate > input.nextDueDate) reasons.push('BEYOND_NEXT_DUE');
  if (toCents(input.promisedAmount) < toCents(input.emiAmount) * BigInt(policy.minimumEmiMultiple))
    reasons.push('BELOW_MINIMUM');
  return reasons;
}

/**
 * Resolves an open PTP on a business date from what was paid between its capture and the end of grace.
 * Stays OPEN until the grace ends, unless already paid in full (then KEPT at once).
 */
export function resolvePtp(
  input: { promisedDate: string; promisedAmount: string; amountPaid: string; businessDate: string },
  policy: PtpPolicy = DEFAULT_PTP_POLICY,
): PtpStatus {
  const paid = toCents(input.amountPaid);
  if (paid >= toCents(input.promisedAmount)) return 'KEPT';
  const graceEnd = addDays(input.promisedDate, policy.graceDays);
  if (input.businessDate <= graceEnd) return 'OPEN';
  return paid > 0 ? 'PARTIAL' : 'BROKEN';
}

/** Exact cents of a decimal string (no binary floats on money). */

export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

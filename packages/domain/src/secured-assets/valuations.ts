import { z } from 'zod';
import { idParam } from '../numeric-params.ts';
import { isIsoDate } from '../workflow/dates.ts';

// Valuations of a repossessed vehicle or a SARFAESI property (issue 15): each valuer's market, realisable and
// distress values in integer minor units (paise) of the account's currency. The `assetValuations` stage widget edits
// them at Capture Valuation Details and shows them read-only at the later pricing stages; the case's own valuation
// fields (REPOSSESSION valuationAmount, SARFAESI fairMarketValue …) are derived from them.

/** The stage where valuations are captured (both workflows name it so). */
export const VALUATION_CAPTURE_STAGE = 'CaptureValDtl';
/** The stages where the reserve price is proposed: the suggestion is the lowest realisable value. */
export const RESERVE_PRICE_STAGES: Readonly<Record<string, string>> = {
  REPOSSESSION: 'FprAllocation',
  SARFAESI: 'BasePriceInitiate',
};

const MAX_MINOR = Number.MAX_SAFE_INTEGER;
const minor = z.number().int('must be a whole number of paise').min(0, 'must not be negative').max(MAX_MINOR);
const isoDate = z.string().refine(isIsoDate, 'must be a date (YYYY-MM-DD)');

export const valuationInputSchema = z
  .object({
    valuerName: z.string().trim().min(1, 'is required').max(120),
    valuationDate: isoDate,
    marketValueMinor: minor.min(1, 'must be more than zero'),
    realisableValueMinor: minor,
    distressValueMinor: minor,
    reportReference: z.string().trim().max(60).nullable().default(null),
  })
  .strict()
  .superRefine((value, issue) => {
    if (value.realisableValueMinor > value.marketValueMinor) {
      issue.addIssue({ code: 'custom', path: ['realisableValueMinor'], message: 'must not exceed the market value' });
    }
    if (value.distressValueMinor > value.realisableValueMinor) {
      issue.addIssue({
        code: 'custom',
        path: ['distressValueMinor'],
        message: 'must not exceed the realisable value',
      });
    }
  });
export type ValuationInput = z.infer<typeof valuationInputSchema>;

export const valuationSchema = z.object({
  id: z.number(),
  valuerName: z.string(),
  valuationDate: z.string(),
  marketValueMinor: z.number(),
  realisableValueMinor: z.number(),
  distressValueMinor: z.number(),
  reportReference: z.string().nullable(),
  currency: z.string(),
  createdByUserId: z.number(),
  updatedAt: z.string(),
});
export type Valuation = z.infer<typeof valuationSchema>;

export const valuationPolicySchema = z.object({
  /** how many valuations Capture Valuation Details needs before it is submitted */
  required: z.number(),
  /** why: ONE (the usual), SARFAESI_HIGH_VALUE (market value above the threshold), REPO_HIGH_OUTSTANDING */
  reason: z.enum(['ONE', 'SARFAESI_HIGH_VALUE', 'REPO_HIGH_OUTSTANDING']),
  /** the threshold (minor units) the reason compares with */
  thresholdMinor: z.number(),
});
export type ValuationPolicy = z.infer<typeof valuationPolicySchema>;

export const valuationsReplySchema = z.object({
  caseId: z.number(),
  definitionCode: z.string(),
  stage: z.string(),
  currency: z.string(),
  /** the caller may add, change and remove valuations (the case is at the capture stage, with its authority) */
  editable: z.boolean(),
  policy: valuationPolicySchema,
  valuations: z.array(valuationSchema),
  /** the lowest market / realisable / distress values and the latest date, null without valuations */
  derived: z
    .object({
      marketValueMinor: z.number(),
      realisableValueMinor: z.number(),
      distressValueMinor: z.number(),
      valuationDate: z.string(),
    })
    .nullable(),
  /** the suggested reserve price: the lowest realisable value (null without valuations) */
  suggestedReserveMinor: z.number().nullable(),
  /** the reserve price on the case now (minor units), null when not set */
  reservePriceMinor: z.number().nullable(),
  /** whether the case is at the stage where the reserve price is proposed */
  atReserveStage: z.boolean(),
});
export type ValuationsReply = z.infer<typeof valuationsReplySchema>;

export const valuationIdParams = z.object({ caseId: idParam, valuationId: idParam });

/**
 * How many valuations a case needs: SARFAESI two when the highest market value is above the threshold (bank policy
 * under Rule 8(5), default ₹50 lakh), REPOSSESSION two when the account's outstanding is above its threshold; one
 * otherwise.
 */
export function valuationPolicy(input: {
  definitionCode: string;
  highestMarketMinor: number;
  outstandingMinor: number;
  sarfaesiSecondAboveMinor: number;
  repoSecondAboveMinor: number;
}): ValuationPolicy {
  if (input.definitionCode === 'SARFAESI') {
    return input.highestMarketMinor > input.sarfaesiSecondAboveMinor
      ? { required: 2, reason: 'SARFAESI_HIGH_VALUE', thresholdMinor: input.sarfaesiSecondAboveMinor }
      : { required: 1, reason: 'ONE', thresholdMinor: input.sarfaesiSecondAboveMinor };
  }
  return input.outstandingMinor > input.repoSecondAboveMinor
    ? { required: 2, reason: 'REPO_HIGH_OUTSTANDING', thresholdMinor: input.repoSecondAboveMinor }
    : { required: 1, reason: 'ONE', thresholdMinor: input.repoSecondAboveMinor };
}

/** The lowest values and the latest date of the valuations (null without any). */
export function derivedValuation(
  valuations: readonly Pick<
    Valuation,
    'marketValueMinor' | 'realisableValueMinor' | 'distressValueMinor' | 'valuationDate'
  >[],
): ValuationsReply['derived'] {
  if (valuations.length === 0) return null;
  return {
    marketValueMinor: Math.min(...valuations.map((v) => v.marketValueMinor)),
    realisableValueMinor: Math.min(...valuations.map((v) => v.realisableValueMinor)),
    distressValueMinor: Math.min(...valuations.map((v) => v.distressValueMinor)),
    valuationDate: valuations
      .map((v) => v.valuationDate)
      .sort()
      .at(-1)!,
  };
}

/** Minor units as the decimal amount string of a workflow `amount` field ("410000.00"). */
export function minorToAmount(value: number): string {
  const whole = Math.trunc(value / 100);
  const cents = value % 100;
  return `${whole}.${String(cents).padStart(2, '0')}`;
}

/** A workflow `amount` field's value as minor units (null when empty or not an amount). */
export function amountToMinor(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The case fields each workflow derives from its valuations at the capture stage. */
export function valuationFields(definitionCode: string, derived: NonNullable<ValuationsReply['derived']>) {
  const date = { valuationDate: derived.valuationDate };
  if (definitionCode === 'SARFAESI') {
    return {
      ...date,
      fairMarketValue: minorToAmount(derived.marketValueMinor),
      realisableValue: minorToAmount(derived.realisableValueMinor),
      distressValue: minorToAmount(derived.distressValueMinor),
    };
  }
  return {
    ...date,
    valuationAmount: minorToAmount(derived.marketValueMinor),
    distressValue: minorToAmount(derived.distressValueMinor),
  };
}

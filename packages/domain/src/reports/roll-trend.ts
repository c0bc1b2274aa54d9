import { z } from 'zod';
import { idParam, wholeNumberParam } from '../numeric-params.ts';
import { PRODUCTS } from '../products.ts';

// The roll rates report's month-by-month trend (issue 14): for each of the last N months (the business date's month
// last, up to the business date), of the accounts delinquent when the month began (bucket B1 or worse at the end of
// the day before), the share that rolled forward to a worse bucket and the share that rolled back to a better one
// by the month's end. Buckets at both edges are rebuilt from the due schedule, as the report's period is.
//   GET /api/collections/reports/rollRates/trend?unitId=&product=&months=6   (REPORT_GENERATION_SAUTH)

export const ROLL_TREND_MAX_MONTHS = 12;

export const rollTrendQuerySchema = z.strictObject({
  unitId: idParam.optional(),
  product: z.enum(PRODUCTS).optional(),
  months: wholeNumberParam(2, ROLL_TREND_MAX_MONTHS).default(6),
});
export type RollTrendQuery = z.infer<typeof rollTrendQuerySchema>;

export const rollTrendReplySchema = z.object({
  months: z.array(
    z.object({
      /** YYYY-MM */
      month: z.string(),
      /** delinquent when the month began */
      accounts: z.number(),
      rolledForward: z.number(),
      rolledBack: z.number(),
      /** basis points (null without accounts) */
      rollForwardBp: z.number().nullable(),
      rollBackBp: z.number().nullable(),
    }),
  ),
});
export type RollTrendReply = z.infer<typeof rollTrendReplySchema>;

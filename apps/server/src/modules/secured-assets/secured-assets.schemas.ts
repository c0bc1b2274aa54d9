import { z } from 'zod';

/** The §13(8) redemption state of a SARFAESI case. */
export const redemptionStateSchema = z.object({
  caseId: z.number(),
  redeemable: z.boolean(),
  lockedOn: z.string().nullable(),
  publicationDate: z.string().nullable(),
});

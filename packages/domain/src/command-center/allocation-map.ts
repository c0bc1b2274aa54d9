import { z } from 'zod';
import { CURRENCIES } from '../money.ts';
import { idParam } from '../numeric-params.ts';

// The collections Allocation Map (spec §2.2 `/collapp/allocationMap`, RECEIPT_VIEWER_SAUTH; issue 16): the allocated
// delinquent accounts of the acting unit's subtree at their customer's location, by collector, and the receipts taken
// in a date range at the place the collector's device recorded them (the command center's data contract).

export const ALLOCATION_MAP_AUTHORITY = 'RECEIPT_VIEWER_SAUTH' as const;
/** At most this many accounts and receipts in one reply (`truncated` says when there were more). */
export const ALLOCATION_MAP_MAX_ROWS = 5000;

const isoDate = z.iso.date('must be a date (YYYY-MM-DD)');

export const allocationMapQuerySchema = z
  .strictObject({
    from: isoDate.optional(),
    to: isoDate.optional(),
    collectorId: idParam.optional(),
    bucket: z.string().trim().min(1).max(20).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'must not be before from',
  });
export type AllocationMapQuery = z.infer<typeof allocationMapQuerySchema>;

const amountSchema = z.object({ currency: z.enum(CURRENCIES), amount: z.string() });

export const allocationMapReplySchema = z.object({
  from: z.string(),
  to: z.string(),
  collectors: z.array(
    z.object({
      userId: z.number(),
      fullName: z.string(),
      allocated: z.number(),
      /** allocated accounts with a receipt in the range */
      paid: z.number(),
      /** the receipts the collector took in the range, per currency (decimal strings) */
      amounts: z.array(amountSchema),
    }),
  ),
  accounts: z.array(
    z.object({
      accountId: z.number(),
      accountNo: z.string(),
      customerName: z.string(),
      bucket: z.string().nullable(),
      collectorId: z.number(),
      /** the customer's location (primary residence, else any geocoded address); null when none */
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      paid: z.boolean(),
    }),
  ),
  receipts: z.array(
    z.object({
      receiptNo: z.string(),
      accountNo: z.string(),
      collectorId: z.number().nullable(),
      amount: z.string(),
      currency: z.enum(CURRENCIES),
      time: z.string(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      mock: z.boolean(),
    }),
  ),
  truncated: z.boolean(),
});
export type AllocationMapReply = z.infer<typeof allocationMapReplySchema>;

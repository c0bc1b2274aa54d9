import { z } from 'zod';
import { CURRENCIES } from '../money.ts';

// Collection targets (issue 14): what a unit is to collect in a month, per currency, in minor units (paise). The
// collections dashboard sets the month's collections against them. Edited on the Reports screen under
// REPORT_GENERATION_SAUTH, the authority of the reports that show them.
//   GET /api/collections/targets?month=YYYY-MM   the subtree's active units with their targets of the month
//   PUT /api/collections/targets                 set one unit's target of a month and currency (with the version read)

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export const targetsQuerySchema = z.object({
  /** YYYY-MM; absent: the business date's month */
  month: z.string().regex(MONTH_PATTERN, 'Give the month as YYYY-MM').optional(),
});
export type TargetsQuery = z.infer<typeof targetsQuerySchema>;

export const targetRowSchema = z.object({
  unitId: z.number(),
  unitCode: z.string(),
  unitName: z.string(),
  level: z.string(),
  currency: z.string(),
  /** minor units as a decimal string; null: no target of its own (the dashboard sums the units below) */
  targetMinor: z.string().nullable(),
  /** 0 while the unit has no target of the month in this currency */
  version: z.number(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type TargetRow = z.infer<typeof targetRowSchema>;

export const targetsReplySchema = z.object({ month: z.string(), rows: z.array(targetRowSchema) });
export type TargetsReply = z.infer<typeof targetsReplySchema>;

export const targetInputSchema = z
  .object({
    unitId: z.number({ error: 'Choose a unit' }).int().positive('Choose a unit'),
    month: z.string().regex(MONTH_PATTERN, 'Give the month as YYYY-MM'),
    currency: z.enum(CURRENCIES, { error: 'Choose a currency' }),
    /** minor units (paise), whole, more than 0, below 10^15 (a target, never a sum of them) */
    targetMinor: z
      .string()
      .regex(/^[1-9]\d{0,14}$/, 'Give the target in paise as a whole number more than 0, at most 15 digits'),
    /** the version read: 0 for a unit without a target of the month */
    version: z.number().int().min(0),
  })
  .strict();
export type TargetInput = z.infer<typeof targetInputSchema>;

/** The web form of one target: the amount as typed (2 decimals at most), sent as minor units. */
export const targetFormSchema = z
  .object({
    amount: z
      .string({ error: 'This field is required' })
      .trim()
      .regex(/^\d{1,13}(\.\d{1,2})?$/, 'Give the amount with at most 2 decimals')
      .refine((value) => /[1-9]/.test(value), 'must be more than 0'),
  })
  .strict();
export type TargetForm = z.infer<typeof targetFormSchema>;

import { z } from 'zod';
import { pageParam, pageSizeParam, wholeNumberParam } from '../numeric-params.ts';
import { PRODUCTS } from '../products.ts';
import { BUCKETS } from './dpd.ts';

// Allocation rules (issue 14): the rules day start's ALLOCATION step hands newly delinquent accounts out by. Edited on
// the Day Start screen (/collapp/daystartproc) under DAY_START_COLL_SAUTH, the authority of the step that applies them.
//   GET    /api/collections/allocation-rules        the rules of the acting unit's subtree, by priority (paged)
//   GET    /api/collections/allocation-rules/form   the subtree's active units and the collectors a rule may name
//   POST   /api/collections/allocation-rules        create a rule
//   PUT    /api/collections/allocation-rules/:id    edit a rule (its whole set, with the `version` read)
//   DELETE /api/collections/allocation-rules/:id    delete a rule (`?version=`)
// Enabling and disabling is an edit of `isActive`.

/** A rule allocates delinquent accounts only: CURRENT is not a bucket it can name. */
export const RULE_BUCKETS = BUCKETS.filter((bucket) => bucket !== 'CURRENT') as Exclude<
  (typeof BUCKETS)[number],
  'CURRENT'
>[];

export const MAX_RULE_PRIORITY = 9_999;
export const MAX_RULE_CAPACITY = 100_000;
export const PIN_CODE_PREFIX_PATTERN = /^\d{1,6}$/;

export const allocationRuleInputSchema = z
  .object({
    /** the unit whose accounts the rule allocates (an active unit of the acting unit's subtree) */
    unitId: z.number({ error: 'Choose a unit' }).int().positive('Choose a unit'),
    /** lower first; ties by id */
    priority: z
      .number({ error: 'Give the priority as a whole number' })
      .int('Give the priority as a whole number')
      .min(1, 'must be at least 1')
      .max(MAX_RULE_PRIORITY, `must be at most ${MAX_RULE_PRIORITY}`),
    /** null or absent: every product */
    product: z.enum(PRODUCTS, { error: 'Choose a product from the list' }).nullable().optional(),
    /** null or absent: every delinquent bucket */
    bucket: z.enum(RULE_BUCKETS, { error: 'Choose a bucket from the list (B1 to B6)' }).nullable().optional(),
    /** the first 1–6 digits of the primary address's PIN code; null or absent: every PIN code */
    pinCodePrefix: z
      .string()
      .trim()
      .regex(PIN_CODE_PREFIX_PATTERN, 'Give 1 to 6 digits of a PIN code')
      .nullable()
      .optional(),
    /** the collector: an active user holding TELECALLER_SAUTH or FIELD_COLLECTOR_SAUTH in a unit of the rule's unit */
    userId: z.number({ error: 'Choose a collector' }).int().positive('Choose a collector'),
    /** the most accounts the collector may hold after the rule has allocated */
    capacity: z
      .number({ error: 'Give the capacity as a whole number' })
      .int('Give the capacity as a whole number')
      .min(1, 'must be more than 0')
      .max(MAX_RULE_CAPACITY, `must be at most ${MAX_RULE_CAPACITY}`),
    isActive: z.boolean(),
  })
  .strict();
export type AllocationRuleInput = z.infer<typeof allocationRuleInputSchema>;

/** An edit: the whole set with the version read (without it: 428). */
export const allocationRuleUpdateSchema = allocationRuleInputSchema.extend({
  version: z.number().int().min(1),
});
export type AllocationRuleUpdate = z.infer<typeof allocationRuleUpdateSchema>;

export const allocationRuleSchema = z.object({
  id: z.number(),
  unitId: z.number().nullable(),
  unitCode: z.string().nullable(),
  priority: z.number(),
  product: z.string().nullable(),
  bucket: z.string().nullable(),
  pinCodePrefix: z.string().nullable(),
  userId: z.number(),
  collectorName: z.string(),
  collectorUsername: z.string(),
  /** the collector is active and still collects in the rule's unit (else day start's ALLOCATION step fails) */
  collectorOk: z.boolean(),
  capacity: z.number(),
  /** accounts the collector holds now */
  held: z.number(),
  isActive: z.boolean(),
  version: z.number(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type AllocationRule = z.infer<typeof allocationRuleSchema>;

export const allocationRulesQuerySchema = z.object({
  page: pageParam,
  pageSize: pageSizeParam,
});
export type AllocationRulesQuery = z.infer<typeof allocationRulesQuerySchema>;

export const allocationRulesReplySchema = z.object({
  rows: z.array(allocationRuleSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AllocationRulesReply = z.infer<typeof allocationRulesReplySchema>;

export const allocationRuleFormReplySchema = z.object({
  units: z.array(z.object({ id: z.number(), unitCode: z.string(), name: z.string(), path: z.string() })),
  collectors: z.array(
    z.object({ id: z.number(), name: z.string(), username: z.string(), unitCode: z.string(), unitPath: z.string() }),
  ),
});
export type AllocationRuleFormReply = z.infer<typeof allocationRuleFormReplySchema>;

export const deleteAllocationRuleQuerySchema = z.object({
  version: wholeNumberParam(1, 2_147_483_647, 'Give the version read'),
});

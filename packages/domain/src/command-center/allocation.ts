import { z } from 'zod';
import { idParam, pageParam, wholeNumberParam } from '../numeric-params.ts';
import { ALLOCATION_SKIP_REASONS } from './allocation-plan.ts';

// Map-based allocation (issue 16, spec §2.6 `/cmdCenter/mapBasedAllocation` and `/cmdCenter/mapBasedAllocationStatus`):
// the contracts of the accounts on the map, the plan (preview) and the allocation batches.

export const ALLOCATION_MAP_STATUSES = ['ALL', 'UNALLOCATED', 'ALLOCATED'] as const;
export const ALLOCATION_BATCH_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'PARTIAL', 'FAILED'] as const;
export const ALLOCATION_ITEM_OUTCOMES = ['ALLOCATED', 'SKIPPED', 'FAILED'] as const;
export const ALLOCATION_MODES = ['PROXIMITY'] as const;
/** At most this many single points in a reply; beyond it the accounts come as clusters. */
export const ALLOCATION_MAP_POINT_CAP = 500;
/** At most this many accounts in one plan or batch. */
export const ALLOCATION_BATCH_CAP = 2000;

const bboxSchema = z
  .string()
  .regex(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/, 'must be minLongitude,minLatitude,maxLongitude,maxLatitude')
  .transform((value) => {
    const [minLongitude, minLatitude, maxLongitude, maxLatitude] = value.split(',').map(Number) as [
      number,
      number,
      number,
      number,
    ];
    return { minLongitude, minLatitude, maxLongitude, maxLatitude };
  });

export const allocationAccountsQuerySchema = z.strictObject({
  bbox: bboxSchema.optional(),
  zoom: wholeNumberParam(0, 22).default(12),
  status: z.enum(ALLOCATION_MAP_STATUSES).default('ALL'),
  pincode: z.string().trim().max(12).optional(),
  bucket: z.string().trim().max(12).optional(),
  product: z.string().trim().max(40).optional(),
});
export type AllocationAccountsQuery = z.infer<typeof allocationAccountsQuerySchema>;

export const allocationMapPointSchema = z.object({
  accountId: z.number(),
  accountNo: z.string(),
  customer: z.string(),
  pincode: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  dpd: z.number(),
  bucket: z.string(),
  product: z.string(),
  overdueMinor: z.string(),
  currency: z.string(),
  allocatedTo: z
    .object({ userId: z.number().nullable(), agencyId: z.number().nullable(), name: z.string() })
    .nullable(),
  /** null: it can be allocated; else why not */
  blocked: z.enum(ALLOCATION_SKIP_REASONS).nullable(),
});
export type AllocationMapPoint = z.infer<typeof allocationMapPointSchema>;

export const allocationAccountsReplySchema = z.object({
  total: z.number(),
  /** single points (all of them when `clustered` is false) */
  points: z.array(allocationMapPointSchema),
  clusters: z.array(z.object({ key: z.string(), latitude: z.number(), longitude: z.number(), count: z.number() })),
  clustered: z.boolean(),
});
export type AllocationAccountsReply = z.infer<typeof allocationAccountsReplySchema>;

const pointSchema = z.strictObject({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

const assigneeSchema = z.union([
  z.strictObject({ userId: z.number().int().positive() }),
  z.strictObject({ agencyId: z.number().int().positive() }),
]);

export const allocationPlanInputSchema = z
  .strictObject({
    accountIds: z.array(z.number().int().positive()).min(1).max(ALLOCATION_BATCH_CAP).optional(),
    polygon: z.array(pointSchema).min(3).max(500).optional(),
    pincodes: z.array(z.string().trim().min(1).max(12)).min(1).max(100).optional(),
    assignees: z.array(assigneeSchema).min(1).max(100),
    mode: z.enum(ALLOCATION_MODES).default('PROXIMITY'),
  })
  .superRefine((input, issues) => {
    const given = [input.accountIds, input.polygon, input.pincodes].filter((value) => value !== undefined).length;
    if (given !== 1)
      issues.addIssue({
        code: 'custom',
        path: ['accountIds'],
        message: 'choose exactly one of accountIds, polygon, pincodes',
      });
  });
export type AllocationPlanInput = z.infer<typeof allocationPlanInputSchema>;

export const planAssigneeSchema = z.object({
  key: z.string(),
  userId: z.number().nullable(),
  agencyId: z.number().nullable(),
  name: z.string(),
  base: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  capacity: z.number(),
  load: z.number(),
  planned: z.number(),
});

export const allocationPlanReplySchema = z.object({
  mode: z.enum(ALLOCATION_MODES),
  total: z.number(),
  overdueMinor: z.string(),
  assignees: z.array(planAssigneeSchema),
  allocations: z.array(
    z.object({ accountId: z.number(), accountNo: z.string(), assignee: z.string(), distanceM: z.number().nullable() }),
  ),
  skipped: z.array(z.object({ accountId: z.number(), accountNo: z.string(), reason: z.enum(ALLOCATION_SKIP_REASONS) })),
});
export type AllocationPlanReply = z.infer<typeof allocationPlanReplySchema>;

export const allocationBatchSchema = z.object({
  id: z.number(),
  batchNo: z.string(),
  mode: z.string(),
  status: z.enum(ALLOCATION_BATCH_STATUSES),
  totalCount: z.number(),
  allocatedCount: z.number(),
  skippedCount: z.number(),
  failedCount: z.number(),
  createdBy: z.object({ id: z.number(), name: z.string() }),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type AllocationBatch = z.infer<typeof allocationBatchSchema>;

export const allocationBatchesQuerySchema = z.strictObject({
  page: pageParam,
  status: z.enum(ALLOCATION_BATCH_STATUSES).optional(),
});
export const allocationBatchesReplySchema = z.object({
  rows: z.array(allocationBatchSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

export const allocationBatchParamsSchema = z.strictObject({ id: idParam });
export const allocationBatchItemsQuerySchema = z.strictObject({
  page: pageParam,
  outcome: z.enum(ALLOCATION_ITEM_OUTCOMES).optional(),
});
export const allocationBatchItemSchema = z.object({
  accountId: z.number(),
  accountNo: z.string(),
  assignee: z.object({ userId: z.number().nullable(), agencyId: z.number().nullable(), name: z.string() }).nullable(),
  outcome: z.enum(ALLOCATION_ITEM_OUTCOMES),
  reason: z.string().nullable(),
  distanceM: z.number().nullable(),
});
export const allocationBatchDetailSchema = z.object({
  batch: allocationBatchSchema,
  items: z.array(allocationBatchItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AllocationBatchDetail = z.infer<typeof allocationBatchDetailSchema>;

/** The assignees a supervisor can pick: collectors and agencies of the subtree, with their load and capacity. */
export const allocationAssigneesReplySchema = z.object({
  capacity: z.number(),
  users: z.array(z.object({ id: z.number(), name: z.string(), username: z.string(), load: z.number() })),
  agencies: z.array(z.object({ id: z.number(), name: z.string(), code: z.string(), load: z.number() })),
});
export type AllocationAssigneesReply = z.infer<typeof allocationAssigneesReplySchema>;

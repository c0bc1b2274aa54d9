import { z } from 'zod';
import { idParam, pageParam, pageSizeParam } from '../numeric-params.ts';

// DM Filing (/Repo/DmFiling, no authority of its own: any user of the repossession app): the register of the SARFAESI
// cases in §14 proceedings before the CMM/DM (domain reference §2.4 row 6). A case joins it when it reaches the DM
// advocate's allocation (symbolic possession, AgencyAllocation) and leaves it when it closes. The magistrate is to pass the order
// within 30 days of the application, 60 in aggregate with reasons (the SARFAESI settings' magistrateOrderDays and
// magistrateEscalationDays, read from the case's definition): the register flags an order that is due or overdue.
//   GET /api/repo/dm-filings               the register, paged, filtered by step and searched by case or account
//   GET /api/repo/dm-filings/:caseId       one case's §14 proceeding (/Repo/DmFiling/caseid/{caseid}/account/{id})

/**
 * Where the proceeding is: an advocate to allocate, allocated (no application yet), filed, the order received,
 * physical possession scheduled.
 */
export const DM_FILING_STEPS = ['ADVOCATE_DUE', 'ALLOCATED', 'FILED', 'ORDERED', 'POSSESSION_SCHEDULED'] as const;
export type DmFilingStep = (typeof DM_FILING_STEPS)[number];

/** The order against the §14 clock: none filed yet, within the days, past them (due), past the aggregate (escalate). */
export const DM_ORDER_CLOCKS = ['NOT_FILED', 'WITHIN', 'OVERDUE', 'ESCALATE', 'ORDERED'] as const;
export type DmOrderClock = (typeof DM_ORDER_CLOCKS)[number];

export const dmFilingsQuerySchema = z
  .object({
    step: z.enum(DM_FILING_STEPS).optional(),
    /** only the proceedings whose order is overdue or due for escalation */
    overdue: z.enum(['true', 'false']).optional(),
    q: z.string().trim().max(40).optional(),
    page: pageParam,
    pageSize: pageSizeParam,
  })
  .strict();
export type DmFilingsQuery = z.infer<typeof dmFilingsQuerySchema>;

export const dmFilingParamsSchema = z.object({ caseId: idParam }).strict();

export const dmFilingSchema = z.object({
  caseId: z.number(),
  caseNo: z.string(),
  accountId: z.number(),
  accountNo: z.string(),
  customerName: z.string(),
  unitCode: z.string(),
  /** the case's stage, and its list route (routeSlug) when it has one */
  stage: z.string(),
  stageLabelKey: z.string().nullable(),
  routeSlug: z.string().nullable(),
  isClosed: z.boolean(),
  step: z.enum(DM_FILING_STEPS),
  advocateName: z.string().nullable(),
  allocatedOn: z.string().nullable(),
  magistrate: z.string().nullable(),
  filedOn: z.string().nullable(),
  applicationNo: z.string().nullable(),
  nextHearingOn: z.string().nullable(),
  orderedOn: z.string().nullable(),
  orderNo: z.string().nullable(),
  commissionerName: z.string().nullable(),
  possessionScheduledOn: z.string().nullable(),
  /** the order's clock: its due day (filing + the order days) and escalation day (filing + the aggregate) */
  clock: z.enum(DM_ORDER_CLOCKS),
  orderDueOn: z.string().nullable(),
  escalateOn: z.string().nullable(),
  /** days since filing, to the order or to today */
  daysSinceFiling: z.number().nullable(),
});
export type DmFiling = z.infer<typeof dmFilingSchema>;

export const dmFilingsReplySchema = z.object({
  businessDate: z.string(),
  data: z.array(dmFilingSchema),
  count: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** counts of the whole register (unfiltered) by step, and of orders overdue or due for escalation */
  steps: z.record(z.enum(DM_FILING_STEPS), z.number()),
  overdue: z.number(),
});
export type DmFilingsReply = z.infer<typeof dmFilingsReplySchema>;

export const dmFilingReplySchema = z.object({ businessDate: z.string(), filing: dmFilingSchema });
export type DmFilingReply = z.infer<typeof dmFilingReplySchema>;

type Clock = {
  clock: DmOrderClock;
  orderDueOn: string | null;
  escalateOn: string | null;
  daysSinceFiling: number | null;
};

const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
const isoOf = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

/** The §14 order's clock on the business date, from the filing and order dates and the definition's days. */
export function dmOrderClock(input: {
  filedOn: string | null;
  orderedOn: string | null;
  businessDate: string;
  orderDays: number;
  escalationDays: number;
}): Clock {
  if (!input.filedOn) return { clock: 'NOT_FILED', orderDueOn: null, escalateOn: null, daysSinceFiling: null };
  const filed = dayNumber(input.filedOn);
  const orderDueOn = isoOf(filed + input.orderDays);
  const escalateOn = isoOf(filed + input.escalationDays);
  const until = input.orderedOn ?? input.businessDate;
  const daysSinceFiling = Math.max(0, dayNumber(until) - filed);
  if (input.orderedOn) return { clock: 'ORDERED', orderDueOn, escalateOn, daysSinceFiling };
  const clock = input.businessDate > escalateOn ? 'ESCALATE' : input.businessDate > orderDueOn ? 'OVERDUE' : 'WITHIN';
  return { clock, orderDueOn, escalateOn, daysSinceFiling };
}

/** Where a proceeding is, from the case's §14 fields. */
export function dmFilingStep(fields: {
  advocateName: string | null;
  filedOn: string | null;
  orderedOn: string | null;
  possessionScheduledOn: string | null;
}): DmFilingStep {
  if (fields.possessionScheduledOn) return 'POSSESSION_SCHEDULED';
  if (fields.orderedOn) return 'ORDERED';
  if (fields.filedOn) return 'FILED';
  return fields.advocateName ? 'ALLOCATED' : 'ADVOCATE_DUE';
}

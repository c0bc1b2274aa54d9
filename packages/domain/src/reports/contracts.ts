import { z } from 'zod';
import { BUCKETS } from '../collections/dpd.ts';
import { idParam } from '../numeric-params.ts';
import { PRODUCTS } from '../products.ts';

// Reports of the collections head (issue 14, `/collapp/reportGeneration`, REPORT_GENERATION_SAUTH) and the
// collections dashboard's charts. One catalogue drives the server (its SQL aliases are the column keys), the screen
// (table headers, cell formats, the chart) and the export (headers, cell kinds).
//   GET  /api/collections/reports/:report          the report's rows (at most REPORT_SCREEN_ROWS)
//   POST /api/collections/reports/:report/export   202: a job whose result is the whole report as CSV or XLSX
//
// Money is integer minor units beside a currency: every row is one currency, never a sum across currencies.
// Rates are basis points (8125 = 81.25 %), null when the denominator is 0.

export const REPORT_KEYS = [
  'collectionEfficiency',
  'ptpKeptRate',
  'rollRates',
  'bucketMovement',
  'resolutionRate',
  'agentProductivity',
  'fieldVisits',
  'settlementsWaivers',
  'receiptsDeposits',
  'legalAgeing',
] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];

/**
 * How a cell is read and shown: `text` as it is; `bucket`, `product`, `status`, `stage` and `disposition` are codes
 * shown by their label; `count` a whole number; `money` minor units in the row's `currency`; `rate` basis points.
 */
export const REPORT_CELL_KINDS = [
  'text',
  'bucket',
  'product',
  'status',
  'stage',
  'count',
  'money',
  'rate',
  'currency',
] as const;
export type ReportCellKind = (typeof REPORT_CELL_KINDS)[number];

export type ReportColumn = { key: string; labelKey: string; kind: ReportCellKind };

/** The chart drawn above the table: its kind, the column naming the categories and the columns drawn as series. */
export type ReportChart = {
  kind: 'bar' | 'stackedBar' | 'line';
  category: string;
  series: readonly string[];
  /** how the value axis reads: the series' cell kind */
  valueKind: 'count' | 'rate' | 'money';
};

/** Which filters a report takes. `period`: from/to dates; `dimension`: the collection efficiency's grouping. */
export type ReportFilter = 'period' | 'unit' | 'product' | 'bucket' | 'dimension';

export type ReportDefinition = {
  key: ReportKey;
  labelKey: string;
  descriptionKey: string;
  filters: readonly ReportFilter[];
  columns: readonly ReportColumn[];
  chart: ReportChart;
};

const col = (key: string, labelKey: string, kind: ReportCellKind): ReportColumn => ({ key, labelKey, kind });
const CURRENCY = col('currency', 'ReportColCurrency', 'currency');

export const COLLECTION_DIMENSIONS = ['bucket', 'product', 'branch', 'agent', 'account'] as const;
export type CollectionDimension = (typeof COLLECTION_DIMENSIONS)[number];

export const REPORTS: readonly ReportDefinition[] = [
  {
    key: 'collectionEfficiency',
    labelKey: 'ReportCollectionEfficiency',
    descriptionKey: 'ReportCollectionEfficiencyHelp',
    filters: ['period', 'unit', 'product', 'bucket', 'dimension'],
    columns: [
      col('groupLabel', 'ReportColGroup', 'text'),
      CURRENCY,
      col('accounts', 'ReportColAccounts', 'count'),
      col('demandMinor', 'ReportColDemand', 'money'),
      col('collectedMinor', 'ReportColCollected', 'money'),
      col('efficiencyBp', 'ReportColEfficiency', 'rate'),
    ],
    chart: { kind: 'bar', category: 'groupLabel', series: ['efficiencyBp'], valueKind: 'rate' },
  },
  {
    key: 'ptpKeptRate',
    labelKey: 'ReportPtpKeptRate',
    descriptionKey: 'ReportPtpKeptRateHelp',
    filters: ['period', 'unit', 'product', 'bucket'],
    columns: [
      col('agent', 'ReportColAgent', 'text'),
      CURRENCY,
      col('promised', 'ReportColPromised', 'count'),
      col('kept', 'ReportColKept', 'count'),
      col('partial', 'ReportColPartial', 'count'),
      col('broken', 'ReportColBroken', 'count'),
      col('open', 'ReportColOpen', 'count'),
      col('keptRateBp', 'ReportColKeptRate', 'rate'),
      col('promisedMinor', 'ReportColPromisedAmount', 'money'),
      col('paidMinor', 'ReportColPaidAmount', 'money'),
    ],
    chart: { kind: 'stackedBar', category: 'agent', series: ['kept', 'partial', 'broken', 'open'], valueKind: 'count' },
  },
  {
    key: 'rollRates',
    labelKey: 'ReportRollRates',
    descriptionKey: 'ReportRollRatesHelp',
    filters: ['period', 'unit', 'product'],
    columns: [
      col('fromBucket', 'ReportColBucketAtStart', 'bucket'),
      col('accounts', 'ReportColAccounts', 'count'),
      col('rolledForward', 'ReportColRolledForward', 'count'),
      col('stable', 'ReportColStable', 'count'),
      col('rolledBack', 'ReportColRolledBack', 'count'),
      col('rollForwardBp', 'ReportColRollForwardRate', 'rate'),
      col('rollBackBp', 'ReportColRollBackRate', 'rate'),
      col('snapshotAccounts', 'ReportColSnapshotAccounts', 'count'),
    ],
    chart: { kind: 'line', category: 'fromBucket', series: ['rollForwardBp', 'rollBackBp'], valueKind: 'rate' },
  },
  {
    key: 'bucketMovement',
    labelKey: 'ReportBucketMovement',
    descriptionKey: 'ReportBucketMovementHelp',
    filters: ['period', 'unit', 'product'],
    columns: [
      col('fromBucket', 'ReportColBucketAtStart', 'bucket'),
      col('toBucket', 'ReportColBucketNow', 'bucket'),
      col('accounts', 'ReportColAccounts', 'count'),
    ],
    chart: { kind: 'bar', category: 'movement', series: ['accounts'], valueKind: 'count' },
  },
  {
    key: 'resolutionRate',
    labelKey: 'ReportResolutionRate',
    descriptionKey: 'ReportResolutionRateHelp',
    filters: ['period', 'unit', 'product'],
    columns: [
      col('fromBucket', 'ReportColBucketAtStart', 'bucket'),
      col('accounts', 'ReportColAccounts', 'count'),
      col('resolved', 'ReportColResolved', 'count'),
      col('settled', 'ReportColSettled', 'count'),
      col('resolutionBp', 'ReportColResolutionRate', 'rate'),
    ],
    chart: { kind: 'bar', category: 'fromBucket', series: ['resolutionBp'], valueKind: 'rate' },
  },
  {
    key: 'agentProductivity',
    labelKey: 'ReportAgentProductivity',
    descriptionKey: 'ReportAgentProductivityHelp',
    filters: ['period', 'unit', 'product', 'bucket'],
    columns: [
      col('agent', 'ReportColAgent', 'text'),
      CURRENCY,
      col('calls', 'ReportColCalls', 'count'),
      col('contacts', 'ReportColContacts', 'count'),
      col('ptps', 'ReportColPtps', 'count'),
      col('ptpMinor', 'ReportColPromisedAmount', 'money'),
      col('collectedMinor', 'ReportColCollected', 'money'),
    ],
    chart: { kind: 'stackedBar', category: 'agent', series: ['calls', 'contacts', 'ptps'], valueKind: 'count' },
  },
  {
    key: 'fieldVisits',
    labelKey: 'ReportFieldVisits',
    descriptionKey: 'ReportFieldVisitsHelp',
    filters: ['period', 'unit', 'product', 'bucket'],
    columns: [
      col('agent', 'ReportColAgent', 'text'),
      col('visits', 'ReportColVisits', 'count'),
      col('accountsVisited', 'ReportColAccountsVisited', 'count'),
      col('contacts', 'ReportColContacts', 'count'),
      col('ptps', 'ReportColPtps', 'count'),
    ],
    chart: { kind: 'bar', category: 'agent', series: ['visits'], valueKind: 'count' },
  },
  {
    key: 'settlementsWaivers',
    labelKey: 'ReportSettlementsWaivers',
    descriptionKey: 'ReportSettlementsWaiversHelp',
    filters: ['period', 'unit', 'product'],
    columns: [
      col('status', 'ReportColStatus', 'status'),
      CURRENCY,
      col('settlements', 'ReportColSettlements', 'count'),
      col('totalMinor', 'ReportColDues', 'money'),
      col('payableMinor', 'ReportColPayable', 'money'),
      col('waiverMinor', 'ReportColWaiver', 'money'),
      col('waiverBp', 'ReportColWaiverRate', 'rate'),
    ],
    chart: { kind: 'bar', category: 'status', series: ['settlements'], valueKind: 'count' },
  },
  {
    key: 'receiptsDeposits',
    labelKey: 'ReportReceiptsDeposits',
    descriptionKey: 'ReportReceiptsDepositsHelp',
    filters: ['period', 'unit'],
    columns: [
      col('branch', 'ReportColBranch', 'text'),
      CURRENCY,
      col('receipts', 'ReportColReceipts', 'count'),
      col('receivedMinor', 'ReportColReceived', 'money'),
      col('depositedMinor', 'ReportColDeposited', 'money'),
      col('reconciledMinor', 'ReportColReconciled', 'money'),
      col('undepositedMinor', 'ReportColUndeposited', 'money'),
    ],
    chart: {
      kind: 'stackedBar',
      category: 'branch',
      series: ['depositedMinor', 'undepositedMinor'],
      valueKind: 'money',
    },
  },
  {
    key: 'legalAgeing',
    labelKey: 'ReportLegalAgeing',
    descriptionKey: 'ReportLegalAgeingHelp',
    filters: ['unit'],
    columns: [
      col('stage', 'ReportColStage', 'stage'),
      col('cases', 'ReportColCases', 'count'),
      col('age0to30', 'ReportColAge0to30', 'count'),
      col('age31to90', 'ReportColAge31to90', 'count'),
      col('age91to180', 'ReportColAge91to180', 'count'),
      col('age181plus', 'ReportColAge181plus', 'count'),
    ],
    chart: {
      kind: 'stackedBar',
      category: 'stage',
      series: ['age0to30', 'age31to90', 'age91to180', 'age181plus'],
      valueKind: 'count',
    },
  },
];

export function findReport(key: string): ReportDefinition | undefined {
  return REPORTS.find((report) => report.key === key);
}

/** Rows a report shows on screen; the export holds every row. */
export const REPORT_SCREEN_ROWS = 500;

const isoDate = z.iso.date('must be a date (YYYY-MM-DD)');

/** A report's filters (query string on screen, body of an export). Dates default to the business date's month. */
export const reportQuerySchema = z
  .strictObject({
    from: isoDate.optional(),
    to: isoDate.optional(),
    /** a unit of the acting unit's subtree; default the acting unit */
    unitId: idParam.optional(),
    product: z.enum(PRODUCTS).optional(),
    bucket: z.enum(BUCKETS).optional(),
    by: z.enum(COLLECTION_DIMENSIONS).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'must be on or after the from date',
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const reportParamsSchema = z.object({ report: z.enum(REPORT_KEYS) });

export const reportExportBodySchema = z.strictObject({
  format: z.enum(['csv', 'xlsx']),
  query: reportQuerySchema.default({}),
});
export type ReportExportBody = z.infer<typeof reportExportBodySchema>;

const cell = z.union([z.string(), z.number(), z.null()]);

export const reportReplySchema = z.object({
  report: z.enum(REPORT_KEYS),
  businessDate: z.string(),
  from: z.string(),
  to: z.string(),
  unit: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  rows: z.array(z.record(z.string(), cell)),
  /** more rows than REPORT_SCREEN_ROWS: the export holds them all */
  truncated: z.boolean(),
  /** the units of the acting unit's subtree, for the unit filter */
  units: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
});
export type ReportReply = z.infer<typeof reportReplySchema>;
export type ReportRow = ReportReply['rows'][number];

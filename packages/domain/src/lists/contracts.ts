import { z } from 'zod';

// API contracts of the staff list tools (saved views, the global account search, the menu's pending counts) and of
// the collections dashboard. Shared by the server (validation, OpenAPI) and the web.

/** A list's route name (`escalcases`, `legalFilingApproval`, `legalPool`, …): letters and digits. */
export const listKeySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,59}$/, 'must be a list name (letters and digits)');

/** At most this many saved views per user and list. */
export const MAX_SAVED_VIEWS = 30;
/** At most this many address parameters in a saved view. */
export const MAX_VIEW_PARAMS = 40;

/** One address parameter of a list ([key, value]), as `URLSearchParams` entries. */
export const viewParamSchema = z.tuple([
  z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'must be a parameter name'),
  z.string().max(500),
]);

export const savedViewInputSchema = z.strictObject({
  listKey: listKeySchema,
  name: z.string().trim().min(1, 'must not be empty').max(60, 'must be at most 60 characters'),
  params: z.array(viewParamSchema).max(MAX_VIEW_PARAMS),
});
export type SavedViewInput = z.infer<typeof savedViewInputSchema>;

export const savedViewSchema = z.object({
  id: z.number().int(),
  listKey: z.string(),
  name: z.string(),
  params: z.array(z.tuple([z.string(), z.string()])),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewsQuerySchema = z.strictObject({ listKey: listKeySchema });
export const savedViewListSchema = z.object({ views: z.array(savedViewSchema) });

/** The most matches the account search returns. */
export const ACCOUNT_SEARCH_LIMIT = 10;

export const accountSearchQuerySchema = z.strictObject({
  q: z.string().trim().min(2, 'must be at least 2 characters').max(60, 'must be at most 60 characters'),
});

export const accountSearchHitSchema = z.object({
  accountId: z.number().int(),
  accountNo: z.string(),
  customerName: z.string(),
  /** the PAN with all but its last four characters masked, or null */
  maskedPan: z.string().nullable(),
  product: z.string(),
  dpd: z.number().int(),
  unitName: z.string(),
  /** what matched: the account number, the name, a phone or the PAN */
  matchedBy: z.enum(['accountNo', 'name', 'phone', 'pan']),
});
export type AccountSearchHit = z.infer<typeof accountSearchHitSchema>;

export const accountSearchReplySchema = z.object({
  /** the collections tray whose account view the hits open in (the first the user holds), or null */
  openTray: z.string().nullable(),
  hits: z.array(accountSearchHitSchema),
});
export type AccountSearchReply = z.infer<typeof accountSearchReplySchema>;

export const menuCountsReplySchema = z.object({
  /** pending approvals per menu entry (route name) the user can see in the acting unit */
  counts: z.record(z.string(), z.number().int()),
});
export type MenuCountsReply = z.infer<typeof menuCountsReplySchema>;

const moneyTotal = z.object({ currency: z.string(), amount: z.string() });

export const collectionsDashboardSchema = z.object({
  businessDate: z.string(),
  /** accounts of the acting unit's subtree per DPD bucket (every bucket, zero included) */
  buckets: z.array(z.object({ bucket: z.string(), accounts: z.number().int(), overdue: z.array(moneyTotal) })),
  totalAccounts: z.number().int(),
  ptpsDueToday: z.number().int(),
  /** PTPs that broke in the business date's month */
  ptpsBrokenThisMonth: z.number().int(),
  /** pending approval requests of the collections flows in the subtree */
  pendingApprovals: z.number().int(),
  /** payments received in the business date's month, per currency */
  recoveriesThisMonth: z.array(moneyTotal),
  /**
   * collections against target in the business date's month, per currency (minor units): the acting unit's own
   * target, else the sum of its subtree's (migration 0022); a currency with payments but no target has target null
   */
  targets: z.array(z.object({ currency: z.string(), targetMinor: z.number().nullable(), collectedMinor: z.number() })),
  /** payments per day of the 30 days up to the business date, per currency (minor units; days without any left out) */
  dailyCollections: z.array(z.object({ date: z.string(), currency: z.string(), amountMinor: z.number() })),
  /**
   * payments per month of the last six months (the current one to the business date), per currency (minor units).
   * (A roll-forward trend by month would rebuild every account's bucket at each month's edges: seconds to a minute on
   * a million accounts, too slow for the home page; the Roll rates report does it for one period.)
   */
  monthlyCollections: z.array(z.object({ month: z.string(), currency: z.string(), amountMinor: z.number() })),
});
export type CollectionsDashboard = z.infer<typeof collectionsDashboardSchema>;

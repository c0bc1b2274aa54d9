// Page sizes every list screen offers (spec: 10, 25, 50 or 100 rows).
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

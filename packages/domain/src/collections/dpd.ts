// DPD, bucket and SMA/NPA class (RBI IRACP; domain reference §2.1), from the business date.
// DPD(at EOD of business date D) = D − oldest unpaid due date + 1; nothing overdue → 0.
// The set-based SQL recompute (packages/db) must agree with these functions; a test holds them together.

import { daysBetween } from '../dates.ts';

export const BUCKETS = ['CURRENT', 'B1', 'B2', 'B3', 'B4', 'B5', 'B6'] as const;
export type Bucket = (typeof BUCKETS)[number];
export const BUCKET_LABEL: Record<Bucket, string> = {
  CURRENT: 'Current',
  B1: '1–30',
  B2: '31–60',
  B3: '61–90',
  B4: '91–180',
  B5: '181–365',
  B6: '365+',
};

export const ASSET_CLASSES = ['STANDARD', 'SMA-0', 'SMA-1', 'SMA-2', 'NPA'] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

export function computeDpd(businessDate: string, oldestUnpaidDueDate: string | null): number {
  if (!oldestUnpaidDueDate) return 0;
  return Math.max(0, daysBetween(oldestUnpaidDueDate, businessDate) + 1);
}

export function bucketOf(dpd: number): Bucket {
  if (dpd <= 0) return 'CURRENT';
  if (dpd <= 30) return 'B1';
  if (dpd <= 60) return 'B2';
  if (dpd <= 90) return 'B3';
  if (dpd <= 180) return 'B4';
  if (dpd <= 365) return 'B5';
  return 'B6';
}

export function assetClassOf(dpd: number): AssetClass {
  if (dpd <= 0) return 'STANDARD';
  if (dpd <= 30) return 'SMA-0';
  if (dpd <= 60) return 'SMA-1';
  if (dpd <= 90) return 'SMA-2';
  return 'NPA';
}

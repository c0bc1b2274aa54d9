import { describe, expect, it } from 'vitest';
import { DEFAULT_PTP_POLICY } from './ptp-policy.ts';
import { collectionsSettingsSchema, DEFAULT_COLLECTIONS_SETTINGS } from './settings.ts';

describe('collections settings', () => {
  it('default to the PTP policy’s horizons and pass their own schema', () => {
    expect(DEFAULT_COLLECTIONS_SETTINGS.ptpHorizonDaysB1).toBe(DEFAULT_PTP_POLICY.horizonDaysB1);
    expect(DEFAULT_COLLECTIONS_SETTINGS.ptpHorizonDaysLater).toBe(DEFAULT_PTP_POLICY.horizonDaysLater);
    expect(collectionsSettingsSchema.safeParse(DEFAULT_COLLECTIONS_SETTINGS).success).toBe(true);
  });

  it('names the field of a horizon out of order', () => {
    const result = collectionsSettingsSchema.safeParse({ ...DEFAULT_COLLECTIONS_SETTINGS, ptpMaxDays: 10 });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'))).toEqual(['ptpMaxDays']);
  });
});

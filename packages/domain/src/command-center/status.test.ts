import { describe, expect, it } from 'vitest';
import { trackingStatus } from './status.ts';

const thresholds = { onlineMinutes: 10, offlineMinutes: 60, inactiveMinutes: 30 };
const now = Date.UTC(2026, 10, 20, 8, 0);
const ago = (minutes: number) => now - minutes * 60_000;

describe('user status from last seen (Traccar semantics)', () => {
  it('is online up to the online timeout, unknown until the offline timeout, offline after', () => {
    expect(trackingStatus(ago(0), now, thresholds).status).toBe('ONLINE');
    expect(trackingStatus(ago(10), now, thresholds).status).toBe('ONLINE');
    expect(trackingStatus(ago(10) - 1, now, thresholds).status).toBe('UNKNOWN');
    expect(trackingStatus(ago(59), now, thresholds).status).toBe('UNKNOWN');
    expect(trackingStatus(ago(60), now, thresholds).status).toBe('OFFLINE');
  });

  it('is inactive after no update for N minutes, beside its status', () => {
    expect(trackingStatus(ago(29), now, thresholds)).toEqual({
      status: 'UNKNOWN',
      inactive: false,
      silentMs: 29 * 60_000,
    });
    expect(trackingStatus(ago(30), now, thresholds)).toEqual({
      status: 'UNKNOWN',
      inactive: true,
      silentMs: 30 * 60_000,
    });
    expect(trackingStatus(ago(5), now, { ...thresholds, inactiveMinutes: 5 }).inactive).toBe(true);
  });

  it('takes ISO times, counts never-seen as offline and inactive, and a future last-seen as now', () => {
    expect(trackingStatus(new Date(ago(3)).toISOString(), new Date(now).toISOString(), thresholds).status).toBe(
      'ONLINE',
    );
    expect(trackingStatus(null, now, thresholds)).toEqual({ status: 'OFFLINE', inactive: true, silentMs: null });
    expect(trackingStatus('garbage', now, thresholds).status).toBe('OFFLINE');
    expect(trackingStatus(now + 600_000, now, thresholds)).toEqual({ status: 'ONLINE', inactive: false, silentMs: 0 });
  });
});

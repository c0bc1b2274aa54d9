import { describe, expect, it } from 'vitest';
import { userStatus } from './status.ts';

const thresholds = { onlineMinutes: 10, offlineMinutes: 60, inactiveMinutes: 30 };
const now = Date.UTC(2026, 10, 20, 8, 0);
const ago = (minutes: number) => now - minutes * 60_000;

describe('user status from last seen (Traccar semantics)', () => {
  it('is online up to the online timeout, unknown until the offline timeout, offline after', () => {
    expect(userStatus(ago(0), now, thresholds).status).toBe('online');
    expect(userStatus(ago(10), now, thresholds).status).toBe('online');
    expect(userStatus(ago(10) - 1, now, thresholds).status).toBe('unknown');
    expect(userStatus(ago(59), now, thresholds).status).toBe('unknown');
    expect(userStatus(ago(60), now, thresholds).status).toBe('offline');
  });

  it('is inactive after no update for N minutes, beside its status', () => {
    expect(userStatus(ago(29), now, thresholds)).toEqual({ status: 'unknown', inactive: false, silentMs: 29 * 60_000 });
    expect(userStatus(ago(30), now, thresholds)).toEqual({ status: 'unknown', inactive: true, silentMs: 30 * 60_000 });
    expect(userStatus(ago(5), now, { ...thresholds, inactiveMinutes: 5 }).inactive).toBe(true);
  });

  it('takes ISO times, counts never-seen as offline and inactive, and a future last-seen as now', () => {
    expect(userStatus(new Date(ago(3)).toISOString(), new Date(now).toISOString(), thresholds).status).toBe('online');
    expect(userStatus(null, now, thresholds)).toEqual({ status: 'offline', inactive: true, silentMs: null });
    expect(userStatus('garbage', now, thresholds).status).toBe('offline');
    expect(userStatus(now + 600_000, now, thresholds)).toEqual({ status: 'online', inactive: false, silentMs: 0 });
  });
});

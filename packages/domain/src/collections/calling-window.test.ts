import { describe, expect, it } from 'vitest';
import { isWithinCallingWindow } from './calling-window.ts';

describe('calling window 08:00–19:00 borrower time (RBI)', () => {
  it('uses the borrower’s zone, not the server’s', () => {
    // 02:00 UTC is 07:30 in India (outside) and 06:00 in Dubai (outside); 03:00 UTC is 08:30 IST (inside).
    expect(isWithinCallingWindow(new Date('2026-11-21T02:00:00Z'), 'Asia/Kolkata')).toBe(false);
    expect(isWithinCallingWindow(new Date('2026-11-21T03:00:00Z'), 'Asia/Kolkata')).toBe(true);
    expect(isWithinCallingWindow(new Date('2026-11-21T03:00:00Z'), 'Asia/Dubai')).toBe(false);
  });

  it('includes 08:00 and 19:00 exactly and excludes 19:01', () => {
    expect(isWithinCallingWindow(new Date('2026-11-21T02:30:00Z'), 'Asia/Kolkata')).toBe(true); // 08:00 IST
    expect(isWithinCallingWindow(new Date('2026-11-21T13:30:00Z'), 'Asia/Kolkata')).toBe(true); // 19:00 IST
    expect(isWithinCallingWindow(new Date('2026-11-21T13:31:00Z'), 'Asia/Kolkata')).toBe(false);
  });
});

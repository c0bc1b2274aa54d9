import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS, httpStatusOf, isErrorCode } from './errors.ts';

describe('error codes', () => {
  it('gives every code one client or server error status', () => {
    for (const code of ERROR_CODES) {
      const status = httpStatusOf(code);
      expect(status >= 400 && status < 600, `${code} → ${status}`).toBe(true);
    }
  });

  it('answers a wrong one-time code as a business refusal (400), not 401, wherever it is checked', () => {
    expect(ERROR_STATUS.OTP_INVALID).toBe(400);
    expect(ERROR_STATUS.UNAUTHENTICATED).toBe(401);
  });

  it('recognises only listed codes', () => {
    expect(isErrorCode('STALE_VERSION')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('0')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { queryClient } from '../app/query-provider.tsx';
import { HttpError, NetworkError } from './http-client.ts';
import { shouldRetryQuery } from './query-retry.ts';

describe('the app-wide query retry policy', () => {
  it('never retries a 4xx: the server answered', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      expect(shouldRetryQuery(0, new HttpError(status, { error_code: 'VALIDATION' }))).toBe(false);
    }
  });

  it('retries a 5xx or a network failure once', () => {
    expect(shouldRetryQuery(0, new HttpError(503, {}))).toBe(true);
    expect(shouldRetryQuery(1, new HttpError(503, {}))).toBe(false);
    expect(shouldRetryQuery(0, new NetworkError('offline'))).toBe(true);
  });

  it('is the default of the app query client', () => {
    expect(queryClient.getDefaultOptions().queries?.retry).toBe(shouldRetryQuery);
  });
});

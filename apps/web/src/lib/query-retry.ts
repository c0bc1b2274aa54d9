import { HttpError } from './http-client.ts';

// The app's one retry policy for server state (TanStack Query): a 4xx is the server's answer (a bad filter, no
// access, not found, a refusal) and asking again gives the same answer, so it is shown at once; a network failure
// or a 5xx may be a glitch and is tried once more. 408 (timeout) and 429 (too many requests) are the exceptions
// among the 4xx: waiting may help, and 429's wait is the server's to tell, so neither is retried blindly either.

export const MAX_QUERY_RETRIES = 1;

/** Whether a failed query is tried again: never for a 4xx, once for a network failure or a 5xx. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

import { z } from 'zod';
import { defineJob } from '../../../jobs/job-kind.ts';
import { findPaymentProvider } from './providers.ts';
import { hasOpenUpiRequests, pollUpiRequests, providerContext } from '../services/upi.ts';

/**
 * The UPI poller (scheduled every UPI_POLL_SECONDS while requests are INITIATED): asks the provider about each open
 * collect request and expires those past their expiry. Callbacks make it mostly a safety net: a lost callback, a
 * provider that never calls back, or a request nobody paid.
 */
export const upiPollJob = defineJob({
  kind: 'payments.upi_poll',
  payload: z.object({}).strict(),
  needs: 'system',
  maxAttempts: 3,
  schedule: {
    everyMs: 60_000,
    due: async (deps) => findPaymentProvider(deps) !== null && (await hasOpenUpiRequests(deps)),
  },
  run: async ({ deps, id }) => {
    const summary = await pollUpiRequests(deps, providerContext(`job-${id}`));
    return { summary };
  },
});

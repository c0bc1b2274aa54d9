import { z } from 'zod';
import { defineJob } from '../jobs/job-kind.ts';

/** At most this many messages per run; the next run (a minute later) takes the rest. */
const BATCH = 500;

/**
 * Mail retries: messages a crash left PENDING (their send lease ran out) and FAILED ones with attempts left are
 * sent again. Scheduled every minute when such mail exists and SMTP is configured (so also right after a restart).
 */
export const mailRetryJob = defineJob({
  kind: 'mail.retry',
  payload: z.object({}),
  needs: 'system',
  maxAttempts: 1,
  schedule: { everyMs: 60_000, due: (deps) => deps.mail.hasDue() },
  run: async ({ deps, progress }) => {
    const summary = await deps.mail.retryDue({ limit: BATCH, onProgress: progress });
    return { summary };
  },
});

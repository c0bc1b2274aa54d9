import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { emitAudit } from '../../audit/emit-audit.ts';
import { selectRows } from '../../db/sql-rows.ts';
import { withTransaction, type Executor } from '../../db/transaction.ts';
import type { AppDeps } from '../../deps.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { defineJob } from '../../jobs/job-kind.ts';

export const RETENTION_KIND = 'retention.purge';

/** What one retention run purged, by kind of data. */
export type RetentionSummary = {
  cutoff: string;
  jobFiles: number;
  idempotencyKeys: number;
  refreshTokens: number;
  otpCodes: number;
  ssoGrants: number;
  ssoRequests: number;
  attemptCounters: number;
};

function cutoffOf(deps: AppDeps): Date {
  return new Date(deps.clock.now().getTime() - deps.config.retentionDays * 24 * 60 * 60_000);
}

/**
 * The purge of data past its retention (RETENTION_DAYS, default 90), as set-based statements: the files of jobs that
 * ended before the cutoff (input and result bytes, and the chunks of a streamed result; the job row stays as the run's
 * history), idempotency keys created
 * before it, and sessions (refresh tokens), one-time codes, single sign-on grants and requests and throttle counters
 * that expired before it. The audit trail is never purged.
 */
async function purgeExpired(db: Executor, cutoff: Date): Promise<RetentionSummary> {
  const at = sql`${cutoff.toISOString()}::timestamptz`;
  const [row] = await selectRows<Omit<RetentionSummary, 'cutoff'>>(
    db,
    sql`with job_files as (
        update jobs set input_file = null, result_file = null, result_file_size = null, updated_at = now()
        where status in ('DONE', 'FAILED') and finished_at < ${at}
          and (input_file is not null or result_file is not null or result_file_size is not null)
        returning id
      ), chunks as (
        delete from job_file_chunks c using jobs j
        where c.job_id = j.id and j.status in ('DONE', 'FAILED') and j.finished_at < ${at}
      ), keys as (delete from idempotency_keys where created_at < ${at} returning id),
      tokens as (delete from refresh_tokens where family_expires_at < ${at} returning id),
      codes as (delete from otp_codes where expires_at < ${at} returning id),
      grants as (delete from sso_grants where expires_at < ${at} returning id),
      requests as (delete from sso_requests where expires_at < ${at} returning state),
      counters as (delete from attempt_counters where expires_at < ${at} returning key)
      select (select count(*)::int from job_files) as "jobFiles", (select count(*)::int from keys) as "idempotencyKeys",
        (select count(*)::int from tokens) as "refreshTokens", (select count(*)::int from codes) as "otpCodes",
        (select count(*)::int from grants) as "ssoGrants", (select count(*)::int from requests) as "ssoRequests",
        (select count(*)::int from counters) as "attemptCounters"`,
  );
  return {
    cutoff: cutoff.toISOString(),
    jobFiles: row?.jobFiles ?? 0,
    idempotencyKeys: row?.idempotencyKeys ?? 0,
    refreshTokens: row?.refreshTokens ?? 0,
    otpCodes: row?.otpCodes ?? 0,
    ssoGrants: row?.ssoGrants ?? 0,
    ssoRequests: row?.ssoRequests ?? 0,
    attemptCounters: row?.attemptCounters ?? 0,
  };
}

/** Whether anything is past its retention (the scheduler queues a run only then). */
async function anythingExpired(deps: AppDeps): Promise<boolean> {
  const at = sql`${cutoffOf(deps).toISOString()}::timestamptz`;
  const [row] = await selectRows<{ due: boolean }>(
    deps.db,
    sql`select exists (select 1 from jobs where status in ('DONE', 'FAILED') and finished_at < ${at}
          and (input_file is not null or result_file is not null or result_file_size is not null))
        or exists (select 1 from idempotency_keys where created_at < ${at})
        or exists (select 1 from refresh_tokens where family_expires_at < ${at})
        or exists (select 1 from otp_codes where expires_at < ${at}) as due`,
  );
  return row?.due ?? false;
}

/** One retention run in one transaction, audited (`retention.purge`) with its counts. */
export async function runRetention(deps: AppDeps, ctx: RequestContext): Promise<RetentionSummary> {
  return withTransaction(deps.db, async (tx) => {
    const summary = await purgeExpired(tx, cutoffOf(deps));
    await emitAudit(tx, ctx, { action: 'retention.purge', entity: 'organisation', entityId: 1, after: summary });
    return summary;
  });
}

/** Data retention: once a day (02:00 by default, when anything is past RETENTION_DAYS), or Run now. */
export const retentionJob = defineJob({
  kind: RETENTION_KIND,
  payload: z.object({}),
  needs: 'system',
  maxAttempts: 3,
  schedule: { everyMs: 60_000, timeOfDay: '02:00', due: anythingExpired },
  run: async ({ deps, ctx }) => ({ summary: await runRetention(deps, ctx) }),
});

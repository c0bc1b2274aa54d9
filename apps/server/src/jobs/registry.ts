import { auditCheckpointJob } from '../audit/audit-checkpoint.job.ts';
import { mailRetryJob } from '../mail/mail-retry.job.ts';
import { dayStartJob, trayExportJob } from '../modules/collections/index.ts';
import { hearingRemindersJob, legalUploadJob, noticesJob } from '../modules/legal/index.ts';
import { settlementCheckJob } from '../modules/settlements/index.ts';
import { upiPollJob } from '../modules/payments/index.ts';
import { stageExportJob } from '../modules/workflow/index.ts';
import { retentionJob } from '../modules/processes/index.ts';
import { reportExportJob, reportPackJob } from '../modules/reports/index.ts';
import { collectionsUploadJob } from '../modules/collection-uploads/index.ts';
import { repoCaseExportJob, repossessionUploadJob, sarfaesiUploadJob } from '../modules/repo-apps/index.ts';
import { partitionsJob } from '../modules/command-center/index.ts';
import { demoFeedJob } from '../modules/demo/services/seed-command-center.ts';
import type { Config } from '../config.ts';
import type { JobKind } from './job-kind.ts';

/**
 * Every kind of background job the worker runs. A kind is defined next to its service, exported from its module's
 * index.ts and listed here.
 */
export const JOB_KINDS: readonly JobKind<never>[] = [
  dayStartJob,
  trayExportJob,
  stageExportJob,
  legalUploadJob,
  noticesJob,
  mailRetryJob,
  hearingRemindersJob,
  auditCheckpointJob,
  settlementCheckJob,
  upiPollJob,
  retentionJob,
  reportExportJob,
  reportPackJob,
  collectionsUploadJob,
  repossessionUploadJob,
  sarfaesiUploadJob,
  repoCaseExportJob,
  partitionsJob,
] as unknown as readonly JobKind<never>[];

/** The kinds the app's worker runs: every kind, plus the command center's live demo feed in demo mode only. */
export function jobKindsFor(config: Pick<Config, 'demoMode'>): readonly JobKind<never>[] {
  return config.demoMode ? [...JOB_KINDS, demoFeedJob as unknown as JobKind<never>] : JOB_KINDS;
}

import { mailRetryJob } from '../mail/mail-retry.job.ts';
import { trayExportJob } from '../modules/collections/services/export-tray.ts';
import { dayStartJob } from '../modules/collections/services/run-day-start.ts';
import { hearingRemindersJob } from '../modules/legal/services/send-hearing-reminders.ts';
import { noticesJob } from '../modules/legal/services/send-notices.ts';
import { legalUploadJob } from '../modules/legal/services/uploads.ts';
import { stageExportJob } from '../modules/workflow/services/export-stage-tray.ts';
import type { JobKind } from './job-kind.ts';

/** Every kind of background job the worker runs. A new kind is defined next to its service and listed here. */
export const JOB_KINDS: readonly JobKind<never>[] = [
  dayStartJob,
  trayExportJob,
  stageExportJob,
  legalUploadJob,
  noticesJob,
  mailRetryJob,
  hearingRemindersJob,
] as unknown as readonly JobKind<never>[];

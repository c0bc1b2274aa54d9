import type { TFunction } from 'i18next';
import type { CollUploadStatus, CollUploadType } from '@recovery-desk/domain/collections/uploads.ts';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';
import { uploadOfJob } from './coll-uploads-api.ts';

export const COLL_UPLOAD_TYPE_KEYS: Record<CollUploadType, DictionaryKey> = {
  ALLOCATION: 'CollUploadTypeAllocation',
  ACCOUNT_MARKING: 'CollUploadTypeAccountMarking',
  BANK_STATEMENT: 'CollUploadTypeBankStatement',
  NACH: 'CollUploadTypeNach',
  FOLLOW_UP: 'CollUploadTypeFollowUp',
  PTP: 'CollUploadTypePtp',
  CONTACT_UPDATE: 'CollUploadTypeContactUpdate',
};

export const COLL_UPLOAD_STATUS_KEYS: Record<CollUploadStatus, DictionaryKey> = {
  PROCESSING: 'CollUploadStatusProcessing',
  APPLIED: 'CollUploadStatusApplied',
  REJECTED: 'CollUploadStatusRejected',
  FAILED: 'CollUploadStatusFailed',
};

export const COLL_UPLOAD_STATUS_COLORS: Record<CollUploadStatus, string> = {
  PROCESSING: 'blue.9',
  APPLIED: 'green.9',
  REJECTED: 'red.9',
  FAILED: 'red.9',
};

export const uploadTypeLabel = (t: TFunction, type: CollUploadType) => String(t(COLL_UPLOAD_TYPE_KEYS[type]));
export const uploadStatusLabel = (t: TFunction, status: CollUploadStatus) => String(t(COLL_UPLOAD_STATUS_KEYS[status]));

/** The Upload Dashboard's summary of a collections upload job: its status and counts (null for other jobs). */
export function collUploadSummary(t: TFunction, job: Job): string | null {
  if (job.kind !== 'collections.upload') return null;
  const upload = uploadOfJob(job);
  if (!upload) return null;
  return String(
    t('CollUploadDashboardSummary', {
      status: uploadStatusLabel(t, upload.status),
      applied: upload.appliedRows,
      total: upload.totalRows,
      errors: upload.errorRows,
    }),
  );
}

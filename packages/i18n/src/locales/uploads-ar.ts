import type { UploadsKey } from './uploads-en.ts';

// Arabic strings of bulk uploads recorded from the request on.
export const uploadsAr: Record<UploadsKey, string> = {
  UploadStatusProcessing: 'قيد المعالجة',
  UploadStatusInterrupted: 'متوقف',
};

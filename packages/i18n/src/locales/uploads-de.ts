import type { UploadsKey } from './uploads-en.ts';

// German strings of bulk uploads recorded from the request on.
export const uploadsDe: Record<UploadsKey, string> = {
  UploadStatusProcessing: 'In Bearbeitung',
  UploadStatusInterrupted: 'Unterbrochen',
};

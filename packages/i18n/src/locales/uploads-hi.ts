import type { UploadsKey } from './uploads-en.ts';

// Hindi strings of bulk uploads recorded from the request on.
export const uploadsHi: Record<UploadsKey, string> = {
  UploadStatusProcessing: 'प्रक्रिया में',
  UploadStatusInterrupted: 'बाधित',
};

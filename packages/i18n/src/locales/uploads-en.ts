// English strings of bulk uploads recorded from the request on (hardening: an upload is never invisible).
export const uploadsEn = {
  UploadStatusProcessing: 'Processing',
  UploadStatusInterrupted: 'Interrupted',
};

export type UploadsKey = keyof typeof uploadsEn;

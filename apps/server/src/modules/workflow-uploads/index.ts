// The workflow upload mechanism's public surface (legal, repossession and SARFAESI uploads are built on it).
export {
  columnPositions,
  defineWorkflowUpload,
  MAX_WORKFLOW_UPLOAD_ROWS,
  readUploadRequest,
  rowInvalid,
  type DownloadFile,
  type PagedUploadQuery,
  type RowDone,
  type RowValues,
  type UploadReply,
  type WorkflowUpload,
} from './workflow-upload.ts';
export { SHEET_CONTENT_TYPES, writeXlsx } from './upload-sheet.ts';

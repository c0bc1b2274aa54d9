// The exports module's public surface: spreadsheet files (CSV with the formula guard) for every export, and the
// choice between a file at once and a background job that writes it (export-file.ts).
export {
  columnLabel,
  EXPORT_ROW_CAP,
  escapeFormula,
  toCsv,
  type Cell,
  type ExportFile,
  type ExportFormat,
} from './spreadsheet.ts';
export {
  checkExportSize,
  EXPORT_CONTENT_TYPES,
  exportRunsAsJob,
  jobUnitContext,
  queueFileJob,
  type ExportReply,
} from './export-file.ts';

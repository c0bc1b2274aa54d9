// The exports module's public surface: spreadsheet files (CSV and XLSX with the formula guard, columns
// sized to fit) for every export, and the choice between a file at once and a background job that writes it
// (export-file.ts).
export {
  columnLabel,
  columnWidths,
  currencyNumberFormat,
  EXPORT_ROW_CAP,
  escapeFormula,
  tableToCsv,
  tableToXlsx,
  toCsv,
  type Cell,
  type ExportColumn,
  type ExportFile,
  type ExportFormat,
  type ExportTable,
} from './spreadsheet.ts';
export {
  checkExportSize,
  EXPORT_CONTENT_TYPES,
  exportRunsAsJob,
  jobUnitContext,
  queueFileJob,
  type ExportReply,
} from './export-file.ts';

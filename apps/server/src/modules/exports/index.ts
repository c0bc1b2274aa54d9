// The exports module's public surface: spreadsheet files (CSV with the formula guard) for every export.
export {
  columnLabel,
  EXPORT_ROW_CAP,
  escapeFormula,
  toCsv,
  type Cell,
  type ExportFile,
  type ExportFormat,
} from './spreadsheet.ts';

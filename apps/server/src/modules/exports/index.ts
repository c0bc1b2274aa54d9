// The exports module's public surface: spreadsheet files (CSV and XLSX with the formula guard, columns
// sized to fit) for every export.
export {
  columnLabel,
  columnWidths,
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

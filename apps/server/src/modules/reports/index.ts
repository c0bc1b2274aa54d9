// The reports module's public surface (issue 14): the Reports screen's routes, the export job and the daily report
// pack (Schedule Process's "reports" process).
export { reportsRoutes } from './reports.routes.ts';
export { reportExportJob, streamReportRows, writeReportExport } from './services/export-report.ts';
export { reportPackJob, REPORT_PACK, REPORT_PACK_KIND } from './services/report-pack.ts';
export { resolveReportParams } from './services/run-report.ts';
export { reportStatement, type ReportParams } from './report-sql.ts';

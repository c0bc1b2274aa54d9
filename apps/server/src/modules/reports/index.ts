// The reports module's public surface (issue 14): the Reports screen's routes and the export job.
export { reportsRoutes } from './reports.routes.ts';
export { reportExportJob, streamReportRows, writeReportExport } from './services/export-report.ts';
export { resolveReportParams } from './services/run-report.ts';
export { reportStatement, type ReportParams } from './report-sql.ts';

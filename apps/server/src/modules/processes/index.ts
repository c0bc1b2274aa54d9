// Schedule Process and data retention (issue 14): the public surface other modules may import.
export { processesRoutes } from './processes.routes.ts';
export { retentionJob, runRetention, RETENTION_KIND } from './retention.job.ts';

// The repossession app's dashboard and settings module (issue 15): its public surface for the wiring.
export { repoAppsRoutes } from './repo-apps.routes.ts';
// Background job kinds (listed in src/jobs/registry.ts).
export { processRepoUpload, repossessionUploadJob, sarfaesiUploadJob } from './services/uploads.ts';
export { repoCaseExportJob } from './services/case-export.ts';
export { listInitiationCandidates } from './initiation.repository.ts';

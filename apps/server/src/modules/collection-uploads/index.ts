// Collections File Upload and File Download (issue 14): the module's public surface.
export { collectionUploadsRoutes } from './collection-uploads.routes.ts';
// Background job kinds (listed in src/jobs/registry.ts).
export { collectionsUploadJob } from './services/uploads.ts';
// The upload service itself, for the demo's first start (modules/demo).
export { startUpload as startCollectionsUpload } from './services/uploads.ts';

// Collections File Upload and File Download (issue 14): the module's public surface.
export { collectionUploadsRoutes } from './collection-uploads.routes.ts';
// Background job kinds (listed in src/jobs/registry.ts).
export { collectionsUploadJob } from './services/uploads.ts';

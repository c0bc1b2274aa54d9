// The repossession app's dashboard and settings module (issue 15): its public surface for the wiring.
export { repoAppsRoutes } from './repo-apps.routes.ts';

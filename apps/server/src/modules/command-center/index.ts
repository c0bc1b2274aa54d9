// The command center's location ingest (issue 16): the public surface other modules may import.
export { activityRoutes } from './activity.routes.ts';
export { commandCenterRoutes } from './command-center.routes.ts';
export { shadyRoutes } from './shady.routes.ts';
export { commandCenterAllocationRoutes } from './allocation.routes.ts';
export { ingestPositions } from './services/ingest-positions.ts';
export { commandCenterSettingsOf } from './services/settings.ts';
export { maintainPartitions, partitionsJob, PARTITIONS_KIND } from './partitions.ts';
export { commandCenterDashboardRoutes } from './dashboard.routes.ts';

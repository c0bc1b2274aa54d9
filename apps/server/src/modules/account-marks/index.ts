// Account marking (issue 14): the public surface other modules may import.
export { accountMarkHandlers } from './approval-handlers.ts';
export { accountMarksRoutes } from './account-marks.routes.ts';
export { activeMarksOf } from './account-marks.repository.ts';

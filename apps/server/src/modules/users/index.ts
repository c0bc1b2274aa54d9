// User Approval (issue 14): the public surface other modules (app.ts) may import.
export { userChangeHandler } from './approval-handler.ts';
export { usersRoutes } from './users.routes.ts';

// User Approval (issue 14): the public surface other modules (app.ts) may import.
export { userChangeHandler } from './approval-handler.ts';
export { usersRoutes } from './users.routes.ts';
export { requestUserChange, resubmitUserChange } from './services/request-user-change.ts';
export { decideUserChange } from './services/decide-user-change.ts';
export { readUserDetails } from './users.repository.ts';

// The lists module's public surface: staff list tools (saved views, account search, menu counts, collections home).
export { listsRoutes } from './lists.routes.ts';

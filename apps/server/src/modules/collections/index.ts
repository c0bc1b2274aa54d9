// The collections module's public surface: what other modules may import from it.
export { COLLECTIONS_APPROVAL_HANDLERS } from './approval-handlers.ts';
export { TrayCountCache } from './tray-count-cache.ts';
export { DEFAULT_SORT, SORT_KEY_TYPES } from './tray-sorts.ts';

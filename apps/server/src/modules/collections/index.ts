// The collections module's public surface: what other modules may import from it.
export { COLLECTIONS_APPROVAL_HANDLERS } from './approval-handlers.ts';
export { TrayCountCache } from './tray-count-cache.ts';
export { TrayNameDirectory } from './tray-name-directory.ts';
export { DEFAULT_SORT, SORT_KEY_TYPES } from './tray-sorts.ts';
// Background job kinds (listed in src/jobs/registry.ts).
export { trayExportJob } from './services/export-tray.ts';
export { dayStartJob, refreshBomSnapshot, startCollectionsDay } from './services/run-day-start.ts';
// The allocation rules, for the allocation upload (modules/collection-uploads).
// …and for map-based allocation (modules/command-center), which skips what cannot be allocated.
export { lockAllocatableAccounts, sortAllocatableAccounts } from './services/allocate-accounts.ts';
export { COLLECTOR_AUTHORITIES, requireAssigneeReach, resolveAssignee } from './services/tray-access.ts';
export { allocateAccountRows } from './casework.repository.ts';
export { listAccountsOutsideReach, listAssigneeAgencies, listAssigneeUsers } from './tray-access.repository.ts';
// The follow-up and contact rules, for the follow-up, PTP and contact-update uploads (modules/collection-uploads).
export { followUpContextOf, prepareFollowUp, writeFollowUpInTx } from './services/record-follow-up.ts';
export { updateAddressInTx, updateContactInTx } from './services/update-contact-details.ts';
export { findAccountInScope, listAddresses, listContacts } from './accounts.repository.ts';
// Allocation rules of day start (the demo makes its rules through the same service).
export { createAllocationRule } from './services/allocation-rules.ts';

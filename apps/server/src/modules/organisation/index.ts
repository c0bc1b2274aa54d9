// The organisation module's public surface: what other modules may import from it.
export { findOrganisation, replayBusinessDateInTx } from './organisation.repository.ts';
export { requireBusinessDate } from './services/business-date.ts';

// The organisation module's public surface: what other modules may import from it.
export { findOrganisation, replayBusinessDateInTx, unitsInSubtree, type UnitInfo } from './organisation.repository.ts';
export { requireBusinessDate } from './services/business-date.ts';

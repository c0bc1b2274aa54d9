// The secured-assets module's public surface (repossession and SARFAESI): what the wiring (app.ts,
// workflow-effects.ts) and other modules (demo) may import.
export { REPOSSESSION_CODE, SARFAESI_CODE } from './secured-assets-constants.ts';
export { findRedemptionLock } from './redemption.repository.ts';
export { registerSecuredAssetEffects } from './secured-assets-effects.ts';
export { securedAssetsRoutes } from './secured-assets.routes.ts';
export { addBidInTx } from './services/auction-bids.ts';
export { createBatchInTx } from './services/auction-batches.ts';
export { changeValuationInTx, type ValuationChange } from './services/valuations.ts';
export { saveAgency, uploadAgencyLetter } from './services/agencies.ts';
export { moveAsset, saveYard } from './services/yards.ts';
export { saleDepositsOf } from './services/sale-deposits.ts';
export { saveInventoryInTx } from './services/inventory.ts';
export { addPublicationInTx } from './services/publications.ts';

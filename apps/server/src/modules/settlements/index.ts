// The settlements module's public surface (issue 13): its routes, its approval handler and its job kind.
export { settlementRoutes } from './settlements.routes.ts';
export { SETTLEMENT_APPROVAL_HANDLERS } from './settlement-approval-handlers.ts';
export { checkSettlementSchedules, settlementCheckJob } from './services/check-settlements.ts';
export { initiateSettlementInTx } from './services/initiate-settlement.ts';
export { decideSettlement, resubmitSettlement } from './services/decide-settlement.ts';

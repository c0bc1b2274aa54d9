import type { ApprovalFlow } from '../flow.ts';
import { SETTLEMENT_LEVELS } from '../../settlements/arithmetic.ts';

/**
 * A compromise settlement (issue 13; domain.md §2.7). The settlements module makes the request inside its initiation
 * (with the settlement row and its schedule) and serves the decision routes itself; the request starts at the level
 * the delegation matrix requires (`requiredLevel`: waiver %, waiver amount, the sanctioning authority, fraud or wilful
 * default), whose checker acts in a unit of that organisational level or above.
 */
export const SETTLEMENT_FLOW: ApprovalFlow = {
  code: 'SETTLEMENT',
  app: 'collapp',
  subject: 'SETTLEMENT',
  labelKey: 'SettlementApproval',
  makerAuthority: 'SETTLE_INIT_SAUTH',
  levels: SETTLEMENT_LEVELS.map((level) => ({
    authority: 'SETTLE_APP_SAUTH' as const,
    labelKey: `SettlementLevel${level
      .toLowerCase()
      .split('_')
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join('')}`,
    unitLevel: level === 'BRANCH' ? 'BRANCH' : level === 'REGION' ? 'REGION' : level === 'ZONE' ? 'ZONE' : 'HO',
  })),
  decisions: [
    { name: 'approve', kind: 'approve', labelKey: 'Approve' },
    { name: 'reject', kind: 'reject', labelKey: 'Reject' },
    { name: 'pushback', kind: 'pushback', labelKey: 'Pushback' },
  ],
  amountLimited: false,
  audit: { prefix: 'collections.settlement', entity: 'settlement' },
  routes: 'module',
  texts: { name: 'Settlement', ownWork: 'a settlement', notFound: 'Settlement not found' },
};

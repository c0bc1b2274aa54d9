import type { TrayRowKind } from '@recovery-desk/domain/collections/trays.ts';
import type { SortKeyType, SortOrder } from '../../db/keyset-cursor.ts';

// The type of every sortable tray column's key (how its cursor value is validated and cast back in SQL),
// per row kind. A unit test holds this list and the `sortable` flags of TRAYS together.
export const SORT_KEY_TYPES: Record<TrayRowKind, Record<string, SortKeyType>> = {
  account: {
    accountNo: 'text',
    customerName: 'text',
    dpd: 'int',
    bucket: 'int',
    totalBalanceOutstanding: 'numeric',
    totalAmountOverdue: 'numeric',
    lastActionDate: 'date',
    nextActionDate: 'date',
  },
  ptp: { accountNo: 'text', dpd: 'int', promisedDate: 'date', promisedAmount: 'numeric' },
  escalation: { accountNo: 'text', dpd: 'int', totalAmountOverdue: 'numeric', raisedOn: 'date' },
  reallocationRequest: { requestId: 'bigint', createdAt: 'bigint' },
};

/** Most overdue first; requests newest first. */
export const DEFAULT_SORT: Record<TrayRowKind, { sort: string; order: SortOrder }> = {
  account: { sort: 'dpd', order: 'desc' },
  ptp: { sort: 'dpd', order: 'desc' },
  escalation: { sort: 'dpd', order: 'desc' },
  reallocationRequest: { sort: 'createdAt', order: 'desc' },
};

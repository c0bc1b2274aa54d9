import type { TrayRowKind } from '@recovery-desk/domain/collections/trays.ts';
import type { SortKeyType, SortOrder } from '../../db/keyset-cursor.ts';

// The type of every sortable tray column's key ('money': currency first, then the amount) (how its cursor value is validated and cast back in SQL),
// per row kind. A unit test holds this list and the `sortable` flags of TRAYS together.
export const SORT_KEY_TYPES: Record<TrayRowKind, Record<string, SortKeyType>> = {
  account: {
    accountNo: 'text',
    customerName: 'text',
    dpd: 'int',
    bucket: 'int',
    totalBalanceOutstanding: 'money',
    totalAmountOverdue: 'money',
    lastActionDate: 'date',
    nextActionDate: 'date',
  },
  ptp: { accountNo: 'text', dpd: 'int', promisedDate: 'date', promisedAmount: 'money' },
  escalation: { accountNo: 'text', dpd: 'int', totalAmountOverdue: 'money', raisedOn: 'date' },
  reallocationRequest: { requestId: 'bigint', createdAt: 'bigint' },
};

/** Most overdue first; requests newest first. */
export const DEFAULT_SORT: Record<TrayRowKind, { sort: string; order: SortOrder }> = {
  account: { sort: 'dpd', order: 'desc' },
  ptp: { sort: 'dpd', order: 'desc' },
  escalation: { sort: 'dpd', order: 'desc' },
  reallocationRequest: { sort: 'createdAt', order: 'desc' },
};

import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  parseTrayState,
  serializeTrayState,
  trayApiQuery,
  type TrayShape,
  type TrayState,
} from '../../../components/tray/tray-state.ts';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';

// The Legal Eligible Pool as a tray: the collections tray query (GET /api/legal/pool), held in the address with its
// search view `legalEligible` (spec §2.7), opening in Team View (the pool is the unit's, not the user's).

export const POOL_LIST = 'legalPool';
export const POOL_SEARCH_VIEW = 'legalEligible';

export type PoolColumnKey =
  | 'accountNo'
  | 'customerName'
  | 'product'
  | 'dpd'
  | 'bucket'
  | 'assetClass'
  | 'totalAmountOverdue'
  | 'totalBalanceOutstanding'
  | 'unitCode';

export type PoolColumn = { key: PoolColumnKey; labelKey: DictionaryKey; sortable?: boolean };

export const POOL_COLUMNS: readonly PoolColumn[] = [
  { key: 'accountNo', labelKey: 'AccountNo', sortable: true },
  { key: 'customerName', labelKey: 'CustomerName', sortable: true },
  { key: 'product', labelKey: 'Product' },
  { key: 'dpd', labelKey: 'Dpd', sortable: true },
  { key: 'bucket', labelKey: 'DpdBucket', sortable: true },
  { key: 'assetClass', labelKey: 'PoolAssetClass' },
  { key: 'totalAmountOverdue', labelKey: 'TotalAmountOverdue', sortable: true },
  { key: 'totalBalanceOutstanding', labelKey: 'TotalBalanceOutstanding', sortable: true },
  { key: 'unitCode', labelKey: 'PoolBranch' },
];

export const POOL_TRAY: TrayShape = { defaultView: 'team', views: [POOL_SEARCH_VIEW], columns: POOL_COLUMNS };

/** The address of a pool state: the tray serialisation, always naming the search view. */
export function serializePoolState(state: TrayState): URLSearchParams {
  const params = serializeTrayState(state, POOL_TRAY);
  params.set('searchView', POOL_SEARCH_VIEW);
  return params;
}

/**
 * The query of GET /api/legal/pool for a state: the tray query without the search view, which names the screen in
 * the address but is not a filter of the pool (the server refuses one).
 */
export function poolApiQuery(state: TrayState): URLSearchParams {
  const params = trayApiQuery(state);
  params.delete('searchView');
  return params;
}

/** The pool state read from, and written to, the address bar. */
export function usePoolState(): [TrayState, (next: TrayState) => void, boolean] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const state = useMemo(() => parseTrayState(new URLSearchParams(key), POOL_TRAY), [key]);
  const setState = useCallback(
    (next: TrayState) => setParams(serializePoolState(next), { preventScrollReset: true }),
    [setParams],
  );
  return [state, setState, params.get('searchView') === POOL_SEARCH_VIEW];
}

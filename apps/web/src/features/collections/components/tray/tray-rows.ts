import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import type { TrayDefinition } from '@recovery-desk/domain/collections/trays.ts';
import type { TrayRow } from '../../api/collections-api.ts';

// What the tray component needs to know about a row, whatever its kind.

export function rowId(item: TrayRow): number {
  switch (item.kind) {
    case 'account':
      return item.row.accountId;
    case 'ptp':
      return item.row.ptpId;
    case 'escalation':
      return item.row.escalationId;
    case 'reallocationRequest':
      return item.row.requestId;
  }
}

export function accountIdOf(item: TrayRow): number | null {
  return item.kind === 'reallocationRequest' ? null : item.row.accountId;
}

/** The row's account number and customer, for labels ("Select account …", dialog summaries). */
export function rowTitle(item: TrayRow): string {
  if (item.kind === 'reallocationRequest') return `#${item.row.requestId}`;
  return `${item.row.accountNo} · ${item.row.customerName}`;
}

export function cellValue(item: TrayRow, key: string): unknown {
  return (item.row as Record<string, unknown>)[key];
}

/**
 * The detail page a row opens (spec §2.1), from the catalogue's detail route of the tray:
 * `/collapp/<tray>/account/:accountid`, or `…/case/:caseid/account/:accountid` with the row's case (PTP) id.
 * Null when the tray has no account view or the catalogue no detail route.
 */
export function detailPathOf(tray: TrayDefinition, item: TrayRow): string | null {
  if (!tray.hasAccountView) return null;
  const route = findRouteByName(`${tray.routeName}Detail`);
  const accountId = accountIdOf(item);
  if (!route || accountId === null) return null;
  return route.path
    .replace(':accountid', encodeURIComponent(String(accountId)))
    .replace(':caseid', encodeURIComponent(String(rowId(item))));
}

export function hasDetailRoute(tray: TrayDefinition): boolean {
  return tray.hasAccountView && findRouteByName(`${tray.routeName}Detail`) !== undefined;
}

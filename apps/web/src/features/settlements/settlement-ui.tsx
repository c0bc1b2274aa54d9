import { Badge } from '@mantine/core';
import type { Currency } from '@recovery-desk/domain/money.ts';
import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import type { SettlementRow, SettlementScreen } from '@recovery-desk/domain/settlements/contracts.ts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../lib/format.ts';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import { openDetailInTab } from '../../lib/open-detail-tab.ts';
import { addToast } from '../../lib/toast-store.ts';

// What the settlement screens share: route names and paths, words of statuses and stages, money.

/** A data code as a dictionary key part: PENDING_APPROVAL → PendingApproval, approve → Approve. */
export function pascal(code: string): string {
  return code
    .toLowerCase()
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

export const SCREEN_ROUTE: Record<SettlementScreen, string> = {
  initiate: 'settelmentInitiate',
  approval: 'settelmentApproval',
  viewer: 'settelmentViewer',
};

export function useRouteTitle(routeName: string): string {
  const { t } = useTranslation();
  const route = findRouteByName(routeName);
  return route ? translateKey(t, route.labelKey, route.label) : routeName;
}

/** The detail path of a settlement on a screen: the initiate screen opens the account, the others the settlement. */
export function detailPath(screen: SettlementScreen, row: Pick<SettlementRow, 'id' | 'accountId'>): string | null {
  const route = findRouteByName(`${SCREEN_ROUTE[screen]}Detail`);
  if (!route) return null;
  return route.path
    .replace(':caseid', encodeURIComponent(String(row.id)))
    .replace(':accountid', encodeURIComponent(String(row.accountId)));
}

/** Spec §2.1: a detail opens in a new tab named `<list>_tabView`; a blocked pop-up is explained. */
export function openInTab(t: TFunction, listName: string, path: string, from: string): void {
  if (openDetailInTab(listName, path)) return;
  addToast({ title: String(t('SystemMsg')), message: String(t('PopupBlocked')), type: 'warning', from });
}

export function money(amount: string, currency: string, language: string): string {
  return formatAmount(amount, currency as Currency, language);
}

const STATUS_COLOR: Record<string, string> = {
  PENDING_APPROVAL: 'blue.9',
  APPROVED: 'green.9',
  REJECTED: 'red.9',
  PUSHBACK: 'grape.9',
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="filled" color={STATUS_COLOR[status] ?? 'gray.8'} styles={{ label: { overflow: 'visible' } }}>
      {translateKey(t, `SettlementStatus${pascal(status)}`, status)}
    </Badge>
  );
}

export function stageLabel(t: TFunction, stage: string): string {
  return translateKey(t, `SettlementStage${pascal(stage)}`, stage);
}

export function levelLabel(t: TFunction, level: number): string {
  const names = ['BRANCH', 'REGION', 'ZONE', 'CREDIT_COMMITTEE', 'BOARD'];
  const name = names[level - 1];
  return name ? translateKey(t, `SettlementLevel${pascal(name)}`, name) : String(level);
}

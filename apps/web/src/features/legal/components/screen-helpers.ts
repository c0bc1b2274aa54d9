import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';
import { openDetailInTab } from '../../../lib/open-detail-tab.ts';
import { addToast } from '../../../lib/toast-store.ts';

/** The translated label of a catalogue route (the screen's title). */
export function useRouteTitle(routeName: string): string {
  const { t } = useTranslation();
  const route = findRouteByName(routeName);
  return route ? translateKey(t, route.labelKey, route.label) : routeName;
}

/**
 * The path of a catalogue route with its parameters filled (`:caseid`, `:accountid`), or null when the catalogue has
 * no such route.
 */
export function routePath(routeName: string, params: { caseid?: number; accountid?: number } = {}): string | null {
  const route = findRouteByName(routeName);
  if (!route) return null;
  let path = route.path;
  if (params.caseid !== undefined) path = path.replace(':caseid', encodeURIComponent(String(params.caseid)));
  if (params.accountid !== undefined) path = path.replace(':accountid', encodeURIComponent(String(params.accountid)));
  return path.includes('/:') ? null : path;
}

/** Spec §2.1: a detail opens in a new tab named `<list>_tabView`; a blocked pop-up is explained. */
export function openInTab(t: TFunction, listName: string, path: string, from: string): void {
  if (openDetailInTab(listName, path)) return;
  addToast({ title: String(t('SystemMsg')), message: String(t('PopupBlocked')), type: 'warning', from });
}

/** Today as `YYYY-MM-DD` in the browser's time zone (the business date is preferred where the session has one). */
export function todayIso(): string {
  const now = new Date();
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

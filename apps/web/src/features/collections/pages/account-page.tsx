import { findTray } from '@recovery-desk/domain/collections/trays.ts';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';
import { AccountView } from '../account/account-view.tsx';
import { catalogueRouteOf } from './catalogue-route.ts';

// The route screen of a tray's account view (its own chunk: the tray does not download it).

/** A tray's account view (`…/account/:accountid`, `…/case/:caseid/account/:accountid`). */
export function CollectionsAccountPage() {
  const { t } = useTranslation();
  const route = catalogueRouteOf(useLocation().pathname);
  const { accountid } = useParams();
  const tray = route.listName ? findTray(route.listName) : undefined;
  if (!tray || !accountid) throw new Error(`Route ${route.name} is not a collections account view`);
  return (
    <AccountView
      key={`${tray.key}/${accountid}`}
      trayKey={tray.key}
      accountId={accountid}
      title={translateKey(t, route.labelKey, route.label)}
    />
  );
}

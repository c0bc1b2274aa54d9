import { findTray } from '@recovery-desk/domain/collections/trays.ts';
import { matchRoute } from '@recovery-desk/domain/route-catalogue.ts';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';
import { AccountView } from '../account/account-view.tsx';
import { TrayScreen } from '../components/tray/tray-screen.tsx';

// Route screens of the collections trays. The catalogue route being shown names the tray: a list route's name is
// the tray key (trays.ts), a detail route's `listName` is its tray.

function useCatalogueRoute() {
  const location = useLocation();
  const route = matchRoute(location.pathname);
  if (!route) throw new Error(`No catalogue route for ${location.pathname}`);
  return route;
}

/** Any collections tray (`/collapp/telecaller`, `/collapp/escalcases`, …). */
export function CollectionsTrayPage() {
  const { t } = useTranslation();
  const route = useCatalogueRoute();
  const tray = findTray(route.name);
  if (!tray) throw new Error(`Route ${route.name} is not a collections tray`);
  // Keyed by tray: moving between trays starts with fresh selection and dialogs.
  return <TrayScreen key={tray.key} tray={tray} title={translateKey(t, route.labelKey, route.label)} />;
}

/** A tray's account view (`…/account/:accountid`, `…/case/:caseid/account/:accountid`). */
export function CollectionsAccountPage() {
  const { t } = useTranslation();
  const route = useCatalogueRoute();
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

import { findTray } from '@recovery-desk/domain/collections/trays.ts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';
import { TrayScreen } from '../components/tray/tray-screen.tsx';
import { catalogueRouteOf } from './catalogue-route.ts';

// The route screen of the collections trays (its own chunk: a tray does not download the account view).

/** Any collections tray (`/collapp/telecaller`, `/collapp/escalcases`, …). */
export function CollectionsTrayPage() {
  const { t } = useTranslation();
  const route = catalogueRouteOf(useLocation().pathname);
  const tray = findTray(route.name);
  if (!tray) throw new Error(`Route ${route.name} is not a collections tray`);
  // Keyed by tray: moving between trays starts with fresh selection and dialogs.
  return <TrayScreen key={tray.key} tray={tray} title={translateKey(t, route.labelKey, route.label)} />;
}

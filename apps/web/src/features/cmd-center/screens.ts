import { lazy, type ComponentType } from 'react';

// The command-center screens by route-catalogue name (this module is itself loaded lazily by the route registry, which
// lists the names; each page module loads when its screen first shows). Their words are the `cmdcenter` part.
const settings = () => import('./settings-page.tsx');
const shady = () => import('./shady/shady-report-page.tsx');

const SCREENS: Record<string, ComponentType> = {
  cmdCenterSettings: lazy(() => settings().then((m) => ({ default: m.CommandCenterSettingsPage }))),
  shadyTimeReport: lazy(() => shady().then((m) => ({ default: m.ShadyTimeReportPage }))),
  shadyTransactionLoc: lazy(() => shady().then((m) => ({ default: m.ShadyLocationReportPage }))),
};

export function cmdCenterScreen(name: string): ComponentType {
  const screen = SCREENS[name];
  if (!screen) throw new Error(`no command-center screen ${name}`);
  return screen;
}

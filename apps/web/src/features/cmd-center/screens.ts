import { lazy, type ComponentType } from 'react';

// The command-center screens by route-catalogue name (this module is itself loaded lazily by the route registry, which
// lists the names; each page module loads when its screen first shows). Their words are the `cmdcenter` part.
const settings = () => import('./settings-page.tsx');
const mapAllocation = () => import('./allocation/map-allocation-page.tsx');
const allocationStatus = () => import('./allocation/allocation-status-page.tsx');

const SCREENS: Record<string, ComponentType> = {
  cmdCenterSettings: lazy(() => settings().then((m) => ({ default: m.CommandCenterSettingsPage }))),
  mapBasedAllocation: lazy(() => mapAllocation().then((m) => ({ default: m.MapAllocationPage }))),
  mapBasedAllocationStatus: lazy(() => allocationStatus().then((m) => ({ default: m.AllocationStatusPage }))),
};

export function cmdCenterScreen(name: string): ComponentType {
  const screen = SCREENS[name];
  if (!screen) throw new Error(`no command-center screen ${name}`);
  return screen;
}

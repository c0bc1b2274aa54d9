import { lazy, type ComponentType } from 'react';

// The command-center screens by route-catalogue name (this module is itself loaded lazily by the route registry, which
// lists the names; each page module loads when its screen first shows). Their words are the `cmdcenter` part.
const settings = () => import('./settings-page.tsx');
const activeUsers = () => import('./activity/active-users-page.tsx');
const accountActivity = () => import('./activity/account-activity-page.tsx');
const idleReport = () => import('./activity/idle-report-page.tsx');
const timeSpent = () => import('./activity/time-spent-page.tsx');

const shady = () => import('./shady/shady-report-page.tsx');

const route = () => import('./route/route-page.tsx');
const dashboard = () => import('./dashboard/dashboard-page.tsx');

const mapAllocation = () => import('./allocation/map-allocation-page.tsx');
const allocationStatus = () => import('./allocation/allocation-status-page.tsx');
const allocationMap = () => import('./allocation-map/allocation-map-page.tsx');

const SCREENS: Record<string, ComponentType> = {
  cmdCenterSettings: lazy(() => settings().then((m) => ({ default: m.CommandCenterSettingsPage }))),
  activeinactiveuser: lazy(() => activeUsers().then((m) => ({ default: m.ActiveUsersPage }))),
  activeinactiveuserDetail: lazy(() => accountActivity().then((m) => ({ default: m.AccountActivityPage }))),
  idealTimeReport: lazy(() => idleReport().then((m) => ({ default: m.IdleReportPage }))),
  timeSpentReport: lazy(() => timeSpent().then((m) => ({ default: m.TimeSpentPage }))),
  shadyTimeReport: lazy(() => shady().then((m) => ({ default: m.ShadyTimeReportPage }))),
  shadyTransactionLoc: lazy(() => shady().then((m) => ({ default: m.ShadyLocationReportPage }))),
  animateRouteTaken: lazy(() => route().then((m) => ({ default: m.RouteReplayPage }))),
  cmdCenterDashboard: lazy(() => dashboard().then((m) => ({ default: m.CommandCenterDashboardPage }))),
  dashCmdCenter: lazy(() => dashboard().then((m) => ({ default: m.DashCommandCenterPage }))),
  mapBasedAllocation: lazy(() => mapAllocation().then((m) => ({ default: m.MapAllocationPage }))),
  mapBasedAllocationStatus: lazy(() => allocationStatus().then((m) => ({ default: m.AllocationStatusPage }))),
  // the collections Allocation Map (RECEIPT_VIEWER_SAUTH) reads the command center's data and shares its words
  allocationMap: lazy(() => allocationMap().then((m) => ({ default: m.AllocationMapPage }))),
};

export function cmdCenterScreen(name: string): ComponentType {
  const screen = SCREENS[name];
  if (!screen) throw new Error(`no command-center screen ${name}`);
  return screen;
}

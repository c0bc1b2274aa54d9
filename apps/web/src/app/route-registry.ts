import { TRAYS } from '@recovery-desk/domain/collections/trays.ts';
import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import { createElement, type ComponentType } from 'react';
import { jobsScreens } from '../features/jobs/screens.ts';
import { legalDashboardScreen, legalScreens } from '../features/legal/screens.ts';
import { repoDashboardScreen, repoScreens } from '../features/repo/screens.ts';
import { settlementScreens } from '../features/settlements/screens.ts';
import { paymentsScreens } from '../features/payments/screens.ts';
import { receiptsScreens } from '../features/receipts/screens.ts';
import { accountMarkScreens } from '../features/account-marks/screens.ts';
import { collUploadScreens } from '../features/coll-uploads/screens.ts';
import { workflowScreens } from '../features/workflow/screens.ts';
import { loadDictionaryParts } from '../lib/i18n/i18n.ts';
import { registerWorkflowFeatures } from './workflow-features.ts';

// Route name (from the route catalogue) → the screen that renders it, loaded lazily per feature.
// Only routes with a built screen are listed; the rest of the catalogue is not routable yet.
export type ScreenModule = { Component: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

/**
 * A screen outside the shell that reads through React Query: its loader brings the query client's provider (the
 * shell's screens have it from the shell; the login page does not download it).
 */
export function withQueries(load: ScreenLoader): ScreenLoader {
  return () =>
    Promise.all([load(), import('./query-provider.tsx')]).then(([{ Component }, { QueryProvider }]) => ({
      Component: () => createElement(QueryProvider, null, createElement(Component)),
    }));
}

const loginPage: ScreenLoader = () =>
  import('../features/auth/login-page.tsx').then((m) => ({ Component: m.LoginPage }));
const forgotPasswordPage: ScreenLoader = () =>
  import('../features/auth/forgot-password-page.tsx').then((m) => ({ Component: m.ForgotPasswordPage }));
const changePasswordPage: ScreenLoader = () =>
  import('../features/auth/forgot-password-page.tsx').then((m) => ({ Component: m.ChangePasswordPage }));
const changeOldPasswordPage: ScreenLoader = () =>
  import('../features/auth/change-old-password-page.tsx').then((m) => ({ Component: m.ChangeOldPasswordPage }));
const errorPage: ScreenLoader = () =>
  import('../features/auth/error-page.tsx').then((m) => ({ Component: m.ErrorPage }));
const callbackPage: ScreenLoader = () =>
  import('../features/auth/callback-page.tsx').then((m) => ({ Component: m.CallbackPage }));
const mobileContinuePage: ScreenLoader = () =>
  import('../features/auth/mobile-continue-page.tsx').then((m) => ({ Component: m.MobileContinuePage }));
const privacyPolicyPage: ScreenLoader = () =>
  import('../features/auth/legal-text-pages.tsx').then((m) => ({ Component: m.PrivacyPolicyPage }));
const termsOfServicePage: ScreenLoader = () =>
  import('../features/auth/legal-text-pages.tsx').then((m) => ({ Component: m.TermsOfServicePage }));
const appSelectorPage: ScreenLoader = withQueries(() =>
  import('../features/home/app-selector-page.tsx').then((m) => ({ Component: m.AppSelectorPage })),
);
/** The collections dashboard and the Reports screen: their charts' words are the `reports` dictionary part. */
function withReportWords(load: ScreenLoader): ScreenLoader {
  return () => Promise.all([load(), loadDictionaryParts(['reports'])]).then(([screen]) => screen);
}
const collectionsDashboardPage: ScreenLoader = withReportWords(() =>
  import('../features/lists/collections-dashboard-page.tsx').then((m) => ({ Component: m.CollectionsDashboardPage })),
);
const collectionsTrayPage: ScreenLoader = () =>
  import('../features/collections/pages/tray-page.tsx').then((m) => ({ Component: m.CollectionsTrayPage }));
/** Screens that show the money words (receipts, settlements, payments): that dictionary part loads with them. */
function withWords(part: Parameters<typeof loadDictionaryParts>[0][number], load: ScreenLoader): ScreenLoader {
  return () => Promise.all([load(), loadDictionaryParts([part])]).then(([screen]) => screen);
}

/** The users screens share one chunk and the `users` words. */
function usersScreen(name: 'UserApprovalPage' | 'CollectionsSettingsPage'): ScreenLoader {
  return withWords('users', () => import('../features/users/pages.ts').then((m) => m.loadUsersPage(name)));
}

function withMoneyWords(load: ScreenLoader): ScreenLoader {
  return withWords('money', load);
}

/** The account-marking screens: their words are a dictionary part of their own. */
function withMarkWords(load: ScreenLoader): ScreenLoader {
  return withWords('marks', load);
}

/** Collections File Upload, File Download and the Upload Dashboard show the `colluploads` words. */
function withUploadWords(load: ScreenLoader): ScreenLoader {
  return () => Promise.all([load(), loadDictionaryParts(['colluploads'])]).then(([screen]) => screen);
}

function allWithMoneyWords(screens: Record<string, ScreenLoader>): Record<string, ScreenLoader> {
  return Object.fromEntries(Object.entries(screens).map(([name, load]) => [name, withMoneyWords(load)]));
}

// The account view shows the account's receipts and settlement, offers Capture receipt, and shows its marks.
const collectionsAccountPage: ScreenLoader = withMarkWords(
  withMoneyWords(() =>
    import('../features/collections/pages/account-page.tsx').then((m) => ({
      Component: m.CollectionsAccountPage,
    })),
  ),
);

/**
 * The collections trays of issue 3 (packages/domain/src/collections/trays.ts): each list route, and each detail
 * route the catalogue gives it (`<tray>Detail`), renders the shared tray component or the account view.
 */
export function collectionsScreens(): Record<string, ScreenLoader> {
  const screens: Record<string, ScreenLoader> = {};
  for (const tray of TRAYS) {
    screens[tray.routeName] = collectionsTrayPage;
    const detail = findRouteByName(`${tray.routeName}Detail`);
    if (tray.hasAccountView && detail) screens[detail.name] = collectionsAccountPage;
  }
  return screens;
}

/** Screens outside the app shell (public pages and the app selector). */
export const STANDALONE_SCREENS: Record<string, ScreenLoader> = {
  login: loginPage,
  forgotPassword: forgotPasswordPage,
  changePassword: changePasswordPage,
  changeOldPassword: changeOldPasswordPage,
  error: errorPage,
  callback: callbackPage,
  callmcollect: mobileContinuePage,
  privacyPolicy: privacyPolicyPage,
  termsOfService: termsOfServicePage,
  home: appSelectorPage,
};

// Before the stage screens are listed: the features that offer workflow screens and widgets register them.
registerWorkflowFeatures();

const FIELD_SCREENS = [
  'workPlanDtl',
  'initiatedPvrTray',
  'initiatedPvrTrayDetail',
  'pvrCaseDtl',
  'repoPvrCaseDtl',
  'delegationPage',
  'heatMap',
] as const;

/** The command-center screens built so far (features/cmd-center/screens.ts lists the same names). */
const CMD_CENTER_SCREENS = [
  'cmdCenterSettings',
  'activeinactiveuser',
  'activeinactiveuserDetail',
  'idealTimeReport',
  'timeSpentReport',
  'shadyTimeReport',
  'shadyTransactionLoc',
  'animateRouteTaken',
  'cmdCenterDashboard',
  'dashCmdCenter',
  'mapBasedAllocation',
  'mapBasedAllocationStatus',
  // the collections Allocation Map (/collapp/allocationMap): the command center's allocation data on the map
  'allocationMap',
] as const;

/** Screens inside the signed-in app shell. */
export const SHELL_SCREENS: Record<string, ScreenLoader> = {
  collappDashboard: collectionsDashboardPage,
  legalRoot: legalDashboardScreen,
  legalDashboard: legalDashboardScreen,
  // The repossession dashboard draws charts: their words are the `reports` part.
  repoDashboard: withReportWords(repoDashboardScreen),
  ...collectionsScreens(),
  ...workflowScreens(),
  ...legalScreens(),
  ...repoScreens(),
  ...Object.fromEntries(
    Object.entries({ ...jobsScreens(), ...collUploadScreens() }).map(([name, load]) => [name, withUploadWords(load)]),
  ),
  // The Day Start screen's words are their own dictionary part, loaded with it.
  daystartproc: withWords('daystart', () =>
    import('../features/daystart/day-start-page.tsx').then((m) => ({ Component: m.DayStartPage })),
  ),
  // Schedule Process: its words are their own dictionary part too.
  scheduleproc: withWords('processes', () =>
    import('../features/processes/processes-page.tsx').then((m) => ({ Component: m.ProcessesPage })),
  ),
  ...allWithMoneyWords({ ...settlementScreens(), ...paymentsScreens(), ...receiptsScreens() }),
  ...Object.fromEntries(Object.entries(accountMarkScreens()).map(([name, load]) => [name, withMarkWords(load)])),
  // User Approval and Collections Settings: their words are the `users` dictionary part.
  userApproval: usersScreen('UserApprovalPage'),
  collappSettings: usersScreen('CollectionsSettingsPage'),
  reportGeneration: withReportWords(() =>
    import('../features/reports/reports-page.tsx').then((m) => ({ Component: m.ReportsPage })),
  ),
  // The work plan and PVR screens (features/field-work/screens.ts) and the map component's words: the `field` part.
  ...Object.fromEntries(
    FIELD_SCREENS.map((name) => [
      name,
      withWords('field', () =>
        import('../features/field-work/screens.ts').then((m) => ({ Component: m.fieldScreen(name) })),
      ),
    ]),
  ),
  // The command-center screens (features/cmd-center/screens.ts): their words are the `cmdcenter` part, and the map
  // component's the `field` part.
  ...Object.fromEntries(
    CMD_CENTER_SCREENS.map((name) => [
      name,
      withWords(
        'cmdcenter',
        withWords('field', () =>
          import('../features/cmd-center/screens.ts').then((m) => ({ Component: m.cmdCenterScreen(name) })),
        ),
      ),
    ]),
  ),
};

export const demoOutboxPage: ScreenLoader = withQueries(() =>
  import('../features/auth/demo-outbox-page.tsx').then((m) => ({ Component: m.DemoOutboxPage })),
);

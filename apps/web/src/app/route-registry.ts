import type { ComponentType } from 'react';

// Route name (from the route catalogue) → the screen that renders it, loaded lazily per feature.
// Only routes with a built screen are listed; the rest of the catalogue is not routable yet.
export type ScreenModule = { Component: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

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
const appSelectorPage: ScreenLoader = () =>
  import('../features/home/app-selector-page.tsx').then((m) => ({ Component: m.AppSelectorPage }));
const appDashboardPage: ScreenLoader = () =>
  import('../features/shell/app-dashboard-page.tsx').then((m) => ({ Component: m.AppDashboardPage }));

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

/** Screens inside the signed-in app shell. */
export const SHELL_SCREENS: Record<string, ScreenLoader> = {
  collappDashboard: appDashboardPage,
  legalRoot: appDashboardPage,
  legalDashboard: appDashboardPage,
  repoDashboard: appDashboardPage,
  cmdCenterDashboard: appDashboardPage,
  dashCmdCenter: appDashboardPage,
};

export const demoOutboxPage: ScreenLoader = () =>
  import('../features/auth/demo-outbox-page.tsx').then((m) => ({ Component: m.DemoOutboxPage }));

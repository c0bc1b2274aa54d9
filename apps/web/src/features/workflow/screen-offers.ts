import { ROUTE_CATALOGUE, findRouteByName, type RouteEntry } from '@recovery-desk/domain/route-catalogue.ts';

// What the route registry needs of the workflow screens at start, without the workflow definitions (which load with
// the stage tray and case screens, not with the login page): which definitions a feature offers screens for, the
// list routes each built-in definition's stages name, and the loaders of the features' stage widgets.

/**
 * Each built-in definition's stages' list routes (`stage.routeSlug`), in stage order. screen-offers.test.ts holds it
 * equal to BUILT_IN_DEFINITIONS: a definition that gains or renames a stage fails the test until it is listed here.
 */
export const STAGE_LIST_ROUTES: Readonly<Record<string, readonly string[]>> = {
  LEGAL: [
    'legalPool',
    'initiateLegal',
    'legalFilingApproval',
    'legalApprovedCase',
    'legalLeedTeamTray',
    'legalManager',
    'legalNotice',
    'legalCaseFiling',
    'legalCourtCaseUpdate',
    'legalCourtCaseUpdateApproval',
    'legalWithDrawal',
    'legalRejectTray',
  ],
  REPOSSESSION: [
    'repoRepoInitiate',
    'repoRepoInitiateApproval',
    'repoNotice',
    'repoKitGeneration',
    'repoAssetDtlCapture',
    'repoValuationAgcAllocation',
    'repoCaptureValDtl',
    'repoValuationCompletion',
    'repoFprAllocation',
    'repoDisposalIdentification',
    'repoDirectSale',
    'repoAuctionNotice',
    'repoAllocateActionAgc',
    'repoAssetAuctionDtl',
    'repoAuctionApproval',
    'repoWaverApprovalReq',
    'repoWaverApproval',
    'repoAssetSaleNotice',
    'repoAssetSale',
    'repoAssetSaleApproval',
    'repoClosure',
    'repoPartialPaymentReq',
    'repoPartialPaymentApproval',
  ],
  SARFAESI: [
    'sarfSarfInitiate',
    'sarfSarfInitiateApprove',
    'sarfNoticeCapture',
    'sarfNoticeApproval',
    'sarfNewspaperPublication',
    'sarfTypeIdentification',
    'sarfPreIntimationNotice',
    'sarfPossessionDtlCapture',
    'sarfAgencyAllocation',
    'sarfDmUpdate',
    'sarfOrderCapture',
    'sarfKitGeneration',
    'sarfAssetDtlCapture',
    'sarfValAgencyAllocation',
    'sarfCaptureValDtl',
    'sarfValCompletion',
    'sarfFprAllocation',
    'sarfPvrCapture',
    'sarfDisposalIdentification',
    'sarfBasePriceInitiate',
    'sarfBasePriceApprove',
    'sarfBatchGen',
    'sarfAuctionNotice',
    'sarfUploadArtwork',
    'sarfConfirmArtwork',
    'sarfPublicationUpload',
    'sarfAllocateAuctionAgency',
    'sarfAssetAuctionCapture',
    'sarfAuctionApproval',
    'sarfDirectSale',
    'sarfWaiverRequest',
    'sarfWaiverApproval',
    'sarfAssetSaleNotice',
    'sarfAssetSale',
    'sarfAssetSaleApproval',
    'sarfSarfClosure',
    'sarfAssetReleaseRequest',
    'sarfAssetReleaseApproval',
    'sarfPartialPaymentReq',
    'sarfPartialPaymentApproval',
  ],
};

const widgetLoaders: (() => Promise<void>)[] = [];
let widgetsLoaded: Promise<void> | null = null;
const screenCodes = new Set<string>();
const listsServedElsewhere = new Set<string>();

/**
 * A feature's widgets are registered by a module loaded with the workflow screens (not at start: the login page does
 * not download them). `load` imports that module, which calls registerStageWidget (widgets.ts).
 */
export function registerStageWidgetLoader(load: () => Promise<void>): void {
  widgetLoaders.push(load);
  widgetsLoaded = null;
}

/** Loads every feature's widgets once; the stage tray and the case screen are loaded with it. */
export function loadStageWidgets(): Promise<void> {
  widgetsLoaded ??= Promise.all(widgetLoaders.map((load) => load())).then(() => undefined);
  return widgetsLoaded;
}

/**
 * Offers the stage trays and case screens of a workflow definition, except the list routes `servedElsewhere`: a
 * stage names them, but the registering feature has its own screen for them (e.g. the Legal Eligible Pool).
 */
export function registerWorkflowScreens(
  definitionCode: string,
  options: { servedElsewhere?: readonly string[] } = {},
): void {
  screenCodes.add(definitionCode);
  for (const routeName of options.servedElsewhere ?? []) listsServedElsewhere.add(routeName);
}

export function isServedElsewhere(listRouteName: string): boolean {
  return listsServedElsewhere.has(listRouteName);
}

export function hasWorkflowScreens(definitionCode: string): boolean {
  return screenCodes.has(definitionCode);
}

/** A list's detail routes, the primary (`<list>Detail`) first; empty when it has none. */
export function detailRoutesOf(listName: string): RouteEntry[] {
  const primary = findRouteByName(`${listName}Detail`);
  const others = ROUTE_CATALOGUE.filter(
    (route) => route.kind === 'detail' && route.listName === listName && route !== primary,
  );
  return primary?.kind === 'detail' ? [primary, ...others] : others;
}

/** The stage list routes the offered definitions serve (catalogue list routes not served elsewhere), with details. */
export function offeredStageRoutes(): { listRoute: RouteEntry; detailRoutes: RouteEntry[] }[] {
  return Object.entries(STAGE_LIST_ROUTES).flatMap(([code, listNames]) =>
    hasWorkflowScreens(code)
      ? listNames.flatMap((name) => {
          const listRoute = findRouteByName(name);
          if (!listRoute || listRoute.kind !== 'list' || isServedElsewhere(listRoute.name)) return [];
          return [{ listRoute, detailRoutes: detailRoutesOf(listRoute.name) }];
        })
      : [],
  );
}

/** How a feature starts a case of its workflow on an account (the initiate screens' `/account/{accountid}`). */
export type CaseStarter = (accountId: string) => Promise<{ caseId: number; caseNo: string }>;

const caseStarters = new Map<string, CaseStarter>();

/**
 * A workflow whose case starts on the account's own screen (repossession, SARFAESI) registers how; an account with
 * no open case then offers Initiate there. Legal starts its cases from the Legal Eligible Pool instead.
 */
export function registerCaseStarter(definitionCode: string, start: CaseStarter): void {
  caseStarters.set(definitionCode, start);
}

export function caseStarterOf(definitionCode: string): CaseStarter | undefined {
  return caseStarters.get(definitionCode);
}

/** A screen about the case's account that a workflow's case screens link to (e.g. the borrower's linked accounts). */
export type AccountLink = { routeName: string; labelKey: string };
const accountLinks = new Map<string, AccountLink[]>();

/** The case screens of the definition link to this account screen (shown to users who hold its authority). */
export function registerAccountLink(definitionCode: string, link: AccountLink): void {
  const links = accountLinks.get(definitionCode) ?? [];
  if (!links.some((known) => known.routeName === link.routeName)) accountLinks.set(definitionCode, [...links, link]);
}

export function accountLinksOf(definitionCode: string): readonly AccountLink[] {
  return accountLinks.get(definitionCode) ?? [];
}

import { matchRoute } from '@recovery-desk/domain/route-catalogue.ts';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { CaseOfAccountScreen, CaseScreen } from '../case/case-screen.tsx';
import { tr } from '../labels.ts';
import { isAccountOnlyRoute, stageRouteOfDetail, stageRouteOfList } from '../stage-routes.ts';
import { StageTrayScreen } from '../tray/stage-tray-screen.tsx';

// Route screens of the workflow stages. The catalogue route being shown names the stage: a list route is a stage's
// routeSlug, a detail route belongs to that list.

function useCatalogueRoute() {
  const location = useLocation();
  const route = matchRoute(location.pathname);
  if (!route) throw new Error(`No catalogue route for ${location.pathname}`);
  return route;
}

/** Any stage tray (`/legal/legalFilingApproval`, `/legal/LegalWithDrawal`, …). */
export function StageTrayPage() {
  const { t } = useTranslation();
  const route = useCatalogueRoute();
  const entry = stageRouteOfList(route.name);
  if (!entry) throw new Error(`Route ${route.name} is not a workflow stage tray`);
  // Keyed by route: moving between trays starts with fresh selection and dialogs.
  return (
    <StageTrayScreen
      key={route.name}
      entry={entry}
      title={tr(t, entry.stage.labelKey, tr(t, route.labelKey, route.label))}
    />
  );
}

/** A stage's case screen (`…/caseid/:caseid/account/:accountid`, or `…/account/:accountid` for Initiate Legal). */
export function CasePage() {
  const { t } = useTranslation();
  const route = useCatalogueRoute();
  const { caseid, accountid } = useParams();
  const entry = stageRouteOfDetail(route.name);
  if (!entry) throw new Error(`Route ${route.name} is not a workflow case screen`);
  const title = tr(t, route.labelKey, route.label);
  if (isAccountOnlyRoute(route)) {
    if (!accountid) throw new Error(`Route ${route.name} has no account`);
    return (
      <CaseOfAccountScreen
        key={`account/${accountid}`}
        definitionCode={entry.definition.code}
        accountId={accountid}
        title={title}
      />
    );
  }
  if (!caseid) throw new Error(`Route ${route.name} has no case`);
  return <CaseScreen key={`case/${caseid}`} caseId={caseid} title={title} />;
}

import { findRouteByName, ROUTE_CATALOGUE } from '@recovery-desk/domain/route-catalogue.ts';
import { REPOSSESSION_DEFINITION } from '@recovery-desk/domain/workflow/definitions/repossession.ts';
import { SARFAESI_DEFINITION } from '@recovery-desk/domain/workflow/definitions/sarfaesi.ts';
import { describe, expect, it } from 'vitest';
import { SHELL_SCREENS } from '../../../app/route-registry.ts';
import { hasWorkflowScreens } from '../../workflow/screen-offers.ts';
import { workflowScreens } from '../../workflow/screens.ts';
import { detailPathOf, stageRouteOfDetail, stageRouteOfList } from '../../workflow/stage-routes.ts';

const served = () => Object.keys(workflowScreens());

describe('the repossession and SARFAESI stage screens', () => {
  it('offers both definitions through the workflow screens', () => {
    expect(hasWorkflowScreens('REPOSSESSION')).toBe(true);
    expect(hasWorkflowScreens('SARFAESI')).toBe(true);
  });

  it('serves every repossession stage tray and its case screen', () => {
    // the 21 stages of spec §2.5 and the partial payment detour (REPOSSESSION v9)
    expect(REPOSSESSION_DEFINITION.stages).toHaveLength(23);
    for (const stage of REPOSSESSION_DEFINITION.stages) {
      expect(served(), stage.routeSlug).toContain(stage.routeSlug);
      expect(served(), `${stage.routeSlug}Detail`).toContain(`${stage.routeSlug}Detail`);
      expect(SHELL_SCREENS[stage.routeSlug], stage.routeSlug).toBeTypeOf('function');
      expect(findRouteByName(stage.routeSlug)?.module).toBe('repossession');
    }
  });

  it('serves every SARFAESI stage tray and its case screen', () => {
    expect(SARFAESI_DEFINITION.stages).toHaveLength(40);
    for (const stage of SARFAESI_DEFINITION.stages) {
      expect(served(), stage.routeSlug).toContain(stage.routeSlug);
      expect(served(), `${stage.routeSlug}Detail`).toContain(`${stage.routeSlug}Detail`);
      expect(SHELL_SCREENS[`${stage.routeSlug}Detail`], stage.routeSlug).toBeTypeOf('function');
      expect(findRouteByName(stage.routeSlug)?.module).toBe('sarfaesi');
    }
  });

  it('serves exactly the catalogue’s stage routes of the two apps (63 trays, 63 case screens)', () => {
    const repoStageRoutes = served().filter((name) => {
      const module = findRouteByName(name)?.module;
      return module === 'repossession' || module === 'sarfaesi';
    });
    expect(repoStageRoutes).toHaveLength(126);
    // The app's own screens are not stage screens.
    for (const name of ['repoDashboard', 'repoSettings', 'auctionBatchGenTabs', 'dmFiling', 'uploadRepo']) {
      expect(repoStageRoutes, name).not.toContain(name);
    }
  });

  it('opens the initiate screens by account only, the others by case and account', () => {
    const ids = { caseId: 7, accountId: 901 };
    expect(detailPathOf(stageRouteOfList('repoRepoInitiate')!, ids)).toBe('/Repo/RepoInitiate/account/901');
    expect(detailPathOf(stageRouteOfList('sarfSarfInitiate')!, ids)).toBe('/Sarf/SarfInitiate/account/901');
    expect(detailPathOf(stageRouteOfList('repoNotice')!, ids)).toBe('/Repo/Notice/caseid/7/account/901');
    expect(stageRouteOfDetail('sarfNoticeCaptureDetail')?.stage.code).toBe('NoticeCapture');
  });

  it('keeps the SARFAESI batch list open to the app and its case screen behind AUC_BATCH_GEN_SAUTH', () => {
    const list = ROUTE_CATALOGUE.find((route) => route.name === 'sarfBatchGen');
    const detail = ROUTE_CATALOGUE.find((route) => route.name === 'sarfBatchGenDetail');
    expect(list?.authority).toBeNull();
    expect(detail?.authority).toBe('AUC_BATCH_GEN_SAUTH');
    expect(served()).toEqual(expect.arrayContaining(['sarfBatchGen', 'sarfBatchGenDetail']));
  });

  it('loads the generic tray and case screen for them', async () => {
    const tray = await workflowScreens().sarfNoticeCapture!();
    const detail = await workflowScreens().repoRepoInitiateDetail!();
    expect(tray.Component.name).toBe('StageTrayPage');
    expect(detail.Component.name).toBe('CasePage');
  });
});

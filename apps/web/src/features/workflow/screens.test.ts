import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import { describe, expect, it } from 'vitest';
import { SHELL_SCREENS } from '../../app/route-registry.ts';
import { workflowScreens } from './screens.ts';
import { detailPathOf, stageRouteOfDetail, stageRouteOfList } from './stage-routes.ts';

describe('workflow screens in the route registry', () => {
  it('registers each legal stage tray except the pool, and its detail routes', () => {
    const legal = Object.keys(workflowScreens()).filter((name) => findRouteByName(name)?.module === 'legal');
    expect(legal.sort()).toEqual(
      [
        'initiateLegal',
        'initiateLegalDetail',
        'legalFilingApproval',
        'legalFilingApprovalDetail',
        'legalApprovedCase',
        'legalApprovedCaseDetail',
        'legalLeedTeamTray',
        'legalLeedTeamTrayDetail',
        'legalManager',
        'legalManagerDetail',
        'legalNotice',
        'legalNoticeDetail',
        'legalCaseFiling',
        'legalCaseFilingDetail',
        'legalCourtCaseUpdate',
        'legalCourtCaseUpdateDetail',
        'legalCourtCaseUpdateApproval',
        'legalCourtCaseUpdateApprovalDetail',
        'legalWithDrawal',
        'legalRejectTray',
        'legalRejectTrayDetail',
        'legalRejectTrayDetailAlt',
      ].sort(),
    );
    for (const name of Object.keys(workflowScreens())) {
      expect(findRouteByName(name), name).toBeTruthy();
      expect(SHELL_SCREENS[name], name).toBeTypeOf('function');
    }
    expect(workflowScreens().legalPool).toBeUndefined();
  });

  it('fills the detail paths of a row, the account-only route included', () => {
    const ids = { caseId: 41, accountId: 541 };
    expect(detailPathOf(stageRouteOfList('legalApprovedCase')!, ids)).toBe(
      '/legal/legalApprovedCase/caseid/41/accountid/541',
    );
    expect(detailPathOf(stageRouteOfList('initiateLegal')!, ids)).toBe('/legal/initiateLegal/account/541');
    expect(detailPathOf(stageRouteOfList('legalRejectTray')!, ids)).toBe('/legalRejectReview/caseid/41/account/541');
    expect(detailPathOf(stageRouteOfList('legalWithDrawal')!, ids)).toBeNull();
    expect(stageRouteOfDetail('legalRejectTrayDetailAlt')?.stage.code).toBe('REJECT_TRAY');
  });

  it('the screens load the stage tray and the case screen', async () => {
    const tray = await workflowScreens().legalManager!();
    const detail = await workflowScreens().legalManagerDetail!();
    expect(tray.Component.name).toBe('StageTrayPage');
    expect(detail.Component.name).toBe('CasePage');
  });
});

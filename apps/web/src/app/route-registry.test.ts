import { TRAYS } from '@recovery-desk/domain/collections/trays.ts';
import { findRouteByName, ROUTE_CATALOGUE } from '@recovery-desk/domain/route-catalogue.ts';
import { describe, expect, it } from 'vitest';
import { registerScreens, screensForApp } from '../lib/screen-registry.ts';
import { collectionsScreens, SHELL_SCREENS, STANDALONE_SCREENS } from './route-registry.ts';

describe('collections screens in the route registry', () => {
  it('registers every tray list route and each detail route the catalogue gives a tray with an account view', () => {
    const names = Object.keys(collectionsScreens()).sort();
    const expected = TRAYS.flatMap((tray) => {
      const detail = findRouteByName(`${tray.routeName}Detail`);
      return tray.hasAccountView && detail ? [tray.routeName, detail.name] : [tray.routeName];
    }).sort();
    expect(names).toEqual(expected);
    expect(names).toContain('fieldCollectorPtpReferralListDetail');
    for (const name of names) expect(SHELL_SCREENS[name]).toBeTypeOf('function');
  });

  it('offers a tray in the menu only to users holding its authority, and never its detail route', () => {
    registerScreens(Object.keys(SHELL_SCREENS));
    const telecaller = screensForApp('collapp', ['TELECALLER_SAUTH', 'NON_DELINQ_ACC_SAUTH']).map(
      (route) => route.name,
    );
    // Collections Settings has no authority in the spec: every collections user reads it (saving needs one).
    expect(telecaller).toEqual(['collappDashboard', 'collappSettings', 'telecaller', 'nonDelinquentAccount']);
    const approver = screensForApp('collapp', ['MAN_REALLOC_APPROVAL_SAUTH', 'PTP_DEVIATION_SAUTH']).map((r) => r.path);
    expect(approver).toEqual([
      '/collapp',
      '/collapp/settings',
      '/collapp/ManualReAllocListApproval',
      '/collapp/ptpDeviation',
    ]);
  });
});

describe('the whole catalogue', () => {
  it('has a built screen for every route of spec §2 that is not a redirect', () => {
    const unbuilt = ROUTE_CATALOGUE.filter(
      (route) => route.kind !== 'redirect' && !SHELL_SCREENS[route.name] && !STANDALONE_SCREENS[route.name],
    ).map((route) => route.path);
    expect(unbuilt).toEqual([]);
  });
});

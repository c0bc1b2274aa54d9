import { stageTrayQuerySchema } from '@recovery-desk/domain/workflow/contracts.ts';
import { describe, expect, it } from 'vitest';
import { stageRouteOfList } from '../stage-routes.ts';
import {
  defaultStageTrayState,
  parseStageTrayState,
  serializeStageTrayState,
  stageTrayApiQuery,
  stageTrayConfig,
  stageTrayExportQuery,
  validateFilters,
  type StageTrayConfig,
} from './stage-tray-state.ts';

function configOf(routeName: string): StageTrayConfig {
  const entry = stageRouteOfList(routeName)!;
  return stageTrayConfig(entry.definition, entry.stage, routeName);
}

describe('stage tray state in the address', () => {
  it('defaults: Team View for approval stages, My View for work stages, the search view per screen', () => {
    expect(configOf('legalFilingApproval').defaultView).toBe('team');
    expect(configOf('legalManager').defaultView).toBe('team');
    expect(configOf('legalWithDrawal').defaultView).toBe('team');
    expect(configOf('initiateLegal').defaultView).toBe('my');
    expect(configOf('legalNotice').defaultView).toBe('my');
    expect(configOf('initiateLegal').searchView).toBe('initiatelegal');
    expect(configOf('legalNotice').searchView).toBeNull();
    expect(configOf('legalNotice').caseTypeField?.options?.map((option) => option.value)).toEqual([
      'S138',
      'S25',
      'CIVIL_SUIT',
      'ARBITRATION',
      'DRT',
    ]);
  });

  it('opens the Reject Tray on Rejected (cases only arrive there rejected), other trays on Pending Approval', () => {
    expect(defaultStageTrayState(configOf('legalRejectTray')).tab).toBe('rejected');
    expect(defaultStageTrayState(configOf('legalFilingApproval')).tab).toBe('pendingApproval');
    // Court case update is reached by filing (Approved) as well as by a rejected update: its work is pending.
    expect(defaultStageTrayState(configOf('legalCourtCaseUpdate')).tab).toBe('pendingApproval');
  });

  it('round-trips through the address and drops bad values', () => {
    const config = configOf('legalFilingApproval');
    const state = {
      ...defaultStageTrayState(config),
      view: 'my' as const,
      tab: 'pushback' as const,
      q: 'Kulkarni',
      dpdFrom: 30,
      dpdTo: 90,
      products: ['AUTO' as const, 'HOME' as const],
      caseType: 'S138',
      overdueOnly: true,
      sort: 'dpd',
      order: 'desc' as const,
      page: 3,
      pageSize: 50 as const,
    };
    const params = serializeStageTrayState(state, config);
    expect(parseStageTrayState(params, config)).toEqual(state);
    const bad = new URLSearchParams(
      'view=all&tab=closed&dpdFrom=-1&products=AUTO,BOAT&caseType=FOO&sort=status&page=0&pageSize=7&order=up',
    );
    // A product list the server would refuse (BOAT) falls back whole to the default, like every refused value.
    expect(parseStageTrayState(bad, config)).toEqual(defaultStageTrayState(config));
    expect(serializeStageTrayState(defaultStageTrayState(config), config).toString()).toBe('');
    const initiate = configOf('initiateLegal');
    expect(serializeStageTrayState(defaultStageTrayState(initiate), initiate).toString()).toBe(
      'searchView=initiatelegal',
    );
  });

  it('the API query is one the server contract accepts; the export has no page', () => {
    const config = configOf('legalCaseFiling');
    const state = { ...defaultStageTrayState(config), dpdFrom: 10, caseType: 'S25', overdueOnly: true, page: 2 };
    const parsed = stageTrayQuerySchema.parse(Object.fromEntries(stageTrayApiQuery(state)));
    expect(parsed).toMatchObject({ view: 'my', tab: 'pendingApproval', dpdFrom: 10, caseType: 'S25', page: 2 });
    expect(parsed.overdueOnly).toBe(true);
    expect(Object.fromEntries(stageTrayExportQuery(state))).toEqual({
      view: 'my',
      tab: 'pendingApproval',
      dpdFrom: '10',
      caseType: 'S25',
      overdueOnly: 'true',
    });
  });

  it('filters are checked before they apply', () => {
    const draft = { q: '', dpdFrom: '90', dpdTo: '30', products: [], caseType: '', overdueOnly: false };
    expect(validateFilters(draft)).toEqual({ dpdTo: { key: 'DpdToBeforeFrom' } });
    expect(validateFilters({ ...draft, dpdFrom: '200000', dpdTo: '' })).toEqual({
      dpdFrom: { key: 'DpdAtMost', params: { max: 100000 } },
    });
  });
});

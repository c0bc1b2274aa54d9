import { describe, expect, it } from 'vitest';
import { ALL_AUTHORITY_CODES } from '../authorities.ts';
import { ROUTE_CATALOGUE } from '../route-catalogue.ts';
import { workflowDefinitionSchema, type WorkflowDefinition, type WorkflowDefinitionInput } from './definition.ts';
import { BUILT_IN_DEFINITIONS } from './definitions/catalogue.ts';
import { deadEndStages, definitionProblems, detourRegions, reachableStages, stageEdges, stageRoute } from './graph.ts';

const byCode = (code: string) => BUILT_IN_DEFINITIONS.find((definition) => definition.code === code)!;

describe.each(BUILT_IN_DEFINITIONS.map((definition) => [definition.code, definition] as const))(
  'graph of %s',
  (_code, definition) => {
    it('parses with the zod schema (a round trip through JSON keeps it equal)', () => {
      const parsed = workflowDefinitionSchema.parse(JSON.parse(JSON.stringify(definition)));
      expect(parsed.stages.map((stage) => stage.code)).toEqual(definition.stages.map((stage) => stage.code));
      expect(parsed.dateRules).toEqual(JSON.parse(JSON.stringify(definition.dateRules)));
    });

    it('every stage is reachable from the initial stage', () => {
      const reachable = reachableStages(definition);
      expect(definition.stages.filter((stage) => !reachable.has(stage.code)).map((s) => s.code)).toEqual([]);
    });

    it('every stage has a path to a terminal status (no dead ends)', () => {
      expect(deadEndStages(definition)).toEqual([]);
    });

    it('every stage works on a catalogue list route of its app, with the same authority', () => {
      for (const stage of definition.stages) {
        const route = stageRoute(stage.routeSlug);
        expect(route, stage.routeSlug).toBeDefined();
        expect(route!.authority, stage.code).toBe(stage.authority);
        expect(route!.route.app, stage.code).toBe(definition.app);
      }
    });

    it('every authority it names exists in AUTHORITY', () => {
      const known = new Set<string>(ALL_AUTHORITY_CODES);
      const named = definition.stages.flatMap((stage) => [
        stage.authority,
        ...stage.actions.flatMap((action) => (action.authority ? [action.authority] : [])),
      ]);
      expect(named.filter((code) => !known.has(code))).toEqual([]);
    });

    it('has no problems at all by definitionProblems', () => {
      expect(definitionProblems(definition)).toEqual([]);
    });
  },
);

describe('the definitions cover the spec stage routes', () => {
  const stageSlugs = (code: string) => new Set(byCode(code).stages.map((stage) => stage.routeSlug));

  it('legal: every legal stage tray of spec §2.4 (not the pool of FI cases, uploads or downloads)', () => {
    const legalLists = ROUTE_CATALOGUE.filter((route) => route.module === 'legal' && route.kind === 'list').map(
      (route) => route.name,
    );
    const notStages = ['legalAgainstFI', 'downloadLegal', 'uploadLegal'];
    expect([...stageSlugs('LEGAL')].sort()).toEqual(legalLists.filter((name) => !notStages.includes(name)).sort());
  });

  it('repossession: every /Repo/* stage list route (DM Filing is a shared screen without an authority)', () => {
    const repoLists = ROUTE_CATALOGUE.filter(
      (route) => route.kind === 'list' && route.path.startsWith('/Repo/') && route.name !== 'dmFiling',
    ).map((route) => route.name);
    // the 21 stages of spec §2.5 and the partial payment detour (REPOSSESSION v9, as SARFAESI's)
    expect(repoLists).toHaveLength(23);
    expect([...stageSlugs('REPOSSESSION')].sort()).toEqual(repoLists.sort());
  });

  it('SARFAESI: every /Sarf/* stage list route', () => {
    const sarfLists = ROUTE_CATALOGUE.filter((route) => route.kind === 'list' && route.path.startsWith('/Sarf/')).map(
      (route) => route.name,
    );
    expect(sarfLists).toHaveLength(40);
    expect([...stageSlugs('SARFAESI')].sort()).toEqual(sarfLists.sort());
  });

  it('the auction batch stage takes its authority from the detail route, as the spec says', () => {
    expect(stageRoute('sarfBatchGen')).toMatchObject({ authority: 'AUC_BATCH_GEN_SAUTH', route: { authority: null } });
  });
});

describe('detours return where they began', () => {
  it('SARFAESI release and partial payment requests return to their origin stage', () => {
    const sarfaesi = byCode('SARFAESI');
    const regions = detourRegions(sarfaesi);
    expect([...regions.get('AuctionNotice')!].sort()).toEqual(
      [
        'AssetReleaseApproval',
        'AssetReleaseRequest',
        'PartialPaymentApproval',
        'PartialPaymentReq',
        'SarfClosure',
      ].sort(),
    );
    const edges = stageEdges(sarfaesi);
    expect(edges.get('PartialPaymentApproval')!.has('AuctionNotice')).toBe(true);
    expect(edges.get('AssetReleaseApproval')!.has('AuctionNotice')).toBe(true);
    // §13(8): no release request once the auction notice is published.
    expect(regions.has('PublicationUpload')).toBe(true);
    expect(edges.get('PublicationUpload')!.has('AssetReleaseRequest')).toBe(false);
  });

  it('legal withdrawal returns to notice, filing or court update', () => {
    const legal = byCode('LEGAL');
    expect([...detourRegions(legal).keys()].sort()).toEqual(['CASE_FILING', 'COURT_CASE_UPDATE', 'NOTICE']);
    expect([...stageEdges(legal).get('WITHDRAWAL')!].sort()).toEqual(['CASE_FILING', 'COURT_CASE_UPDATE', 'NOTICE']);
  });
});

describe('the graph checks catch broken definitions', () => {
  const base = (): WorkflowDefinitionInput => ({
    code: 'TOY',
    version: 1,
    status: 'DRAFT',
    app: 'legalapp',
    labelKey: 'Toy',
    initialStage: 'A',
    initialStatus: 'Initiated',
    terminalStatuses: ['Closed'],
    columns: [{ key: 'status', labelKey: 'Status', type: 'status', source: 'case' }],
    stages: [
      {
        code: 'A',
        labelKey: 'A',
        routeSlug: 'legalPool',
        authority: 'LEGAL_POOL_SAUTH',
        trayColumns: ['status'],
        actions: [{ name: 'submit', labelKey: 'Submit', to: { stage: 'B' }, status: 'Submitted', maker: 'actor' }],
      },
      {
        code: 'B',
        labelKey: 'B',
        routeSlug: 'initiateLegal',
        authority: 'LEGAL_INIT_SAUTH',
        trayColumns: ['status'],
        actions: [{ name: 'close', labelKey: 'Close', to: { terminal: true }, status: 'Closed', maker: 'clear' }],
      },
    ],
  });
  const parse = (input: WorkflowDefinitionInput): WorkflowDefinition => workflowDefinitionSchema.parse(input);

  it('a sound toy definition has no problems', () => {
    expect(definitionProblems(parse(base()))).toEqual([]);
  });

  it('reports an unreachable stage and a stage that cannot close', () => {
    const input = base();
    input.stages.push({
      code: 'C',
      labelKey: 'C',
      routeSlug: 'legalManager',
      authority: 'LEGAL_MANAGER_SAUTH',
      trayColumns: ['status'],
      actions: [{ name: 'submit', labelKey: 'Submit', to: { stage: 'C' }, status: 'Submitted', maker: 'actor' }],
    });
    expect(definitionProblems(parse(input))).toEqual([
      'stage C is unreachable',
      'stage C cannot reach a terminal status',
    ]);
  });

  it('reports a route that does not exist, an authority that differs from the route, and an unknown authority', () => {
    const input = base();
    input.stages[0] = { ...input.stages[0]!, routeSlug: 'legalPoool' };
    input.stages[1] = { ...input.stages[1]!, authority: 'LEGAL_MANAGER_SAUTH' };
    expect(definitionProblems(parse(input))).toEqual([
      'stage A: no list route named legalPoool',
      'stage B: route initiateLegal needs LEGAL_INIT_SAUTH, not LEGAL_MANAGER_SAUTH',
    ]);
    const unknown = base();
    unknown.stages[1] = { ...unknown.stages[1]!, authority: 'LEGAL_MADE_UP_SAUTH' };
    expect(definitionProblems(parse(unknown))).toContain('stage B: unknown authority LEGAL_MADE_UP_SAUTH');
  });

  it('reports a route of another app', () => {
    const input = base();
    input.app = 'repoapp';
    expect(definitionProblems(parse(input))).toContain('stage A: route legalPool belongs to app legalapp');
  });

  it('reports a history return that no detour reaches', () => {
    const input = base();
    input.stages[1]!.actions.push({
      name: 'reject',
      labelKey: 'Reject',
      to: { history: true },
      status: 'Rejected',
      maker: 'clear',
    });
    expect(definitionProblems(parse(input))).toEqual(['stage B returns through history but no detour reaches it']);
  });
});

import { describe, expect, it } from 'vitest';
import { actorWith, allAuthorities, snapshotFor, walk, type WalkStep } from '../testing.ts';
import { findStage } from '../definition.ts';
import { stageDates, transition } from '../transition.ts';
import { REPOSSESSION_DEFINITION } from './repossession.ts';
import { REPOSSESSION_CASE as CASE } from './sample-cases.ts';

const def = REPOSSESSION_DEFINITION;
const TODAY = '2026-06-30';
const actor = actorWith('checker-2', allAuthorities(def));

const TO_DISPOSAL: WalkStep[] = [
  { action: 'recommend', expect: 'RepoInitiateApproval' },
  { action: 'approve', expect: 'Notice' },
  { action: 'submit', expect: 'KitGeneration' },
  { action: 'submit', expect: 'AssetDtlCapture' },
  { action: 'submit', expect: 'ValuationAgcAllocation' },
  { action: 'submit', expect: 'CaptureValDtl' },
  { action: 'submit', expect: 'ValuationCompletion' },
  { action: 'approve', expect: 'FprAllocation' },
  { action: 'submit', expect: 'DisposalIdentification' },
];

describe('repossession definition', () => {
  it('has the 21 stages of spec §2.5 in the spec order, then the partial payment detour', () => {
    expect(def.stages.map((stage) => stage.code)).toEqual([
      'RepoInitiate',
      'RepoInitiateApproval',
      'Notice',
      'KitGeneration',
      'AssetDtlCapture',
      'ValuationAgcAllocation',
      'CaptureValDtl',
      'ValuationCompletion',
      'FprAllocation',
      'DisposalIdentification',
      'DirectSale',
      'AuctionNotice',
      'AllocateActionAgc',
      'AssetAuctionDtl',
      'AuctionApproval',
      'WaverApprovalReq',
      'WaverApproval',
      'AssetSaleNotice',
      'AssetSale',
      'AssetSaleApproval',
      'Closure',
      'PartialPaymentReq',
      'PartialPaymentApproval',
    ]);
  });

  it('takes a partial payment from a work stage and comes back to it, approved or rejected', () => {
    const payment = {
      ...CASE,
      partialAmount: '25000.00',
      partialPaymentMode: 'UPI',
      partialPaymentReference: 'UPI26104412345',
      partialPaymentDate: '2026-03-20',
      balanceSchedule: 'The rest by the end of April',
    };
    for (const [decision, status] of [
      ['approve', 'Approved'],
      ['reject', 'Rejected'],
    ] as const) {
      const { snapshot } = walk(
        def,
        payment,
        [
          { action: 'requestPartialPayment', expect: 'PartialPaymentReq' },
          { action: 'recommend', expect: 'PartialPaymentApproval' },
          { action: decision, expect: 'KitGeneration' },
        ],
        '2026-03-25',
        'KitGeneration',
      );
      expect(snapshot).toMatchObject({ stage: 'KitGeneration', status, returnStage: null });
    }
    const approval = def.stages.find((stage) => stage.code === 'PartialPaymentApproval')!;
    expect(approval.actions.find((action) => action.name === 'approve')?.effects).toEqual(['postPartialPayment']);
    // not once the sale is under way
    for (const code of ['AssetSale', 'AssetSaleApproval', 'Closure', 'WaverApproval']) {
      const stage = def.stages.find((candidate) => candidate.code === code)!;
      expect(
        stage.actions.map((action) => action.name),
        code,
      ).not.toContain('requestPartialPayment');
    }
  });

  it('walks the auction path to closure', () => {
    const { visited, snapshot } = walk(
      def,
      CASE,
      [
        ...TO_DISPOSAL,
        { action: 'approve', expect: 'AuctionNotice' },
        { action: 'submit', expect: 'AllocateActionAgc' },
        { action: 'submit', expect: 'AssetAuctionDtl' },
        { action: 'submit', expect: 'AuctionApproval' },
        { action: 'approve', expect: 'AssetSaleNotice' },
        { action: 'submit', expect: 'AssetSale' },
        { action: 'submit', expect: 'AssetSaleApproval' },
        { action: 'approve', expect: 'Closure' },
        { action: 'close', expect: 'closed' },
      ],
      TODAY,
    );
    expect(visited).toHaveLength(19);
    expect(snapshot.status).toBe('Closed');
  });

  it('walks a direct sale with a shortfall waiver', () => {
    const { visited } = walk(
      def,
      { ...CASE, disposalMode: 'DIRECT_SALE', waiverRequired: true },
      [
        ...TO_DISPOSAL,
        { action: 'approve', expect: 'DirectSale' },
        { action: 'submit', expect: 'WaverApprovalReq' },
        { action: 'recommend', expect: 'WaverApproval' },
        { action: 'approve', expect: 'AssetSaleNotice' },
        { action: 'submit', expect: 'AssetSale' },
        { action: 'submit', expect: 'AssetSaleApproval' },
        { action: 'approve', expect: 'Closure' },
        { action: 'close', expect: 'closed' },
      ],
      TODAY,
    );
    expect(visited).toContain('WaverApproval');
  });

  it('releases the vehicle on payment: disposal goes straight to closure, which then needs the release dates', () => {
    const release = { ...CASE, disposalMode: 'RELEASE', closureType: 'RELEASED' };
    const { snapshot } = walk(def, release, [...TO_DISPOSAL, { action: 'approve', expect: 'Closure' }], TODAY);
    expect(transition(def, snapshot, 'close', actor, TODAY)).toEqual({
      ok: false,
      refusal: { code: 'REQUIRED_FIELD_MISSING', fields: ['paymentRealisedDate', 'releaseDate'] },
    });
    const paid = { ...snapshot, fields: { ...snapshot.fields, paymentRealisedDate: '2026-06-20' } };
    expect(stageDates(def, paid, TODAY)).toMatchObject([
      { rule: 'REPO_RELEASE_DUE', date: '2026-06-27', isOverdue: true },
    ]);
    const closed = transition(def, paid, { name: 'close', fields: { releaseDate: '2026-06-30' } }, actor, TODAY);
    expect(closed.ok && closed.next.status).toBe('Closed');
  });

  it('disposal identification needs a mode to choose its branch', () => {
    const { disposalMode: _mode, ...undecided } = CASE;
    const result = transition(
      def,
      snapshotFor(def, 'DisposalIdentification', { fields: undecided }),
      'approve',
      actor,
      TODAY,
    );
    expect(result).toEqual({
      ok: false,
      refusal: { code: 'NO_BRANCH_MATCHES', action: 'approve', fields: ['disposalMode'] },
    });
  });

  it('a failed auction goes to a reduced reserve, its approval and a fresh auction notice', () => {
    const { visited, snapshot } = walk(
      def,
      { ...CASE, auctionResult: 'NO_BIDS' },
      [
        ...TO_DISPOSAL,
        { action: 'approve', expect: 'AuctionNotice' },
        { action: 'submit', expect: 'AllocateActionAgc' },
        { action: 'submit', expect: 'AssetAuctionDtl' },
        { action: 'submit', expect: 'FprAllocation' },
        { action: 'submit', expect: 'DisposalIdentification' },
        { action: 'approve', expect: 'AuctionNotice' },
      ],
      TODAY,
    );
    expect(visited.filter((stage) => stage === 'AuctionNotice')).toHaveLength(2);
    expect(snapshot.stage).toBe('AuctionNotice');
    const failed = findStage(def, 'AssetAuctionDtl')!.actions.find((action) => action.labelKey === 'AuctionFailed');
    expect(failed?.effects).toEqual(['reopenAuction']);
    expect(findStage(def, 'FprAllocation')!.actions[0]!.effects).toEqual([
      'requireReducedReserve',
      'requireValidAgency',
    ]);
  });

  it('a failed auction needs no H1; a successful one needs the bids fields', () => {
    const { numberOfBids: _n, highestBidderName: _h, highestBid: _b, waiverRequired: _w, ...noBids } = CASE;
    const capture = (fields: typeof CASE | typeof noBids) => snapshotFor(def, 'AssetAuctionDtl', { fields });
    const failed = transition(def, capture({ ...noBids, auctionResult: 'NO_BIDS' }), 'submit', actor, TODAY);
    expect(failed.ok && failed.next.stage).toBe('FprAllocation');
    expect(transition(def, capture({ ...noBids, auctionResult: 'SUCCESSFUL' }), 'submit', actor, TODAY)).toMatchObject({
      ok: false,
      refusal: { code: 'REQUIRED_FIELD_MISSING' },
    });
  });

  it('names the bids widget at the auction and its approval, where a sale below the reserve is refused', () => {
    expect(findStage(def, 'AssetAuctionDtl')!.widgets).toEqual(['auctionBids']);
    expect(findStage(def, 'AuctionApproval')!.widgets).toEqual(['auctionBids']);
    for (const action of findStage(def, 'AuctionApproval')!.actions.filter((a) => a.name === 'approve')) {
      expect(action.effects).toContain('requireReserveMet');
    }
  });

  it('a rejected bid goes back to disposal identification', () => {
    const result = transition(
      def,
      snapshotFor(def, 'AuctionApproval', { fields: CASE }),
      { name: 'reject', remarks: 'Bid below the reserve price' },
      actor,
      TODAY,
    );
    expect(result.ok && [result.next.stage, result.next.status]).toEqual(['DisposalIdentification', 'Rejected']);
  });

  it('the kit goes to the agency only after the pre-repossession notice period, counted from service', () => {
    const kit = snapshotFor(def, 'KitGeneration', { fields: { ...CASE, policePreIntimationDate: '2026-04-09' } });
    expect(transition(def, kit, 'submit', actor, '2026-04-09')).toEqual({
      ok: false,
      refusal: {
        code: 'TOO_EARLY',
        rule: 'REPO_NOTICE_PERIOD',
        label: 'Pre-repossession notice period of 7 days',
        labelKey: 'RepoNoticePeriodEnds',
        earliest: '2026-04-10',
      },
    });
    expect(transition(def, kit, 'submit', actor, '2026-04-10').ok).toBe(true);
  });

  it('the sale waits for the 7-day pre-sale notice', () => {
    const sale = snapshotFor(def, 'AssetSale', { fields: { ...CASE, saleDate: '2026-05-21' } });
    expect(transition(def, sale, 'submit', actor, '2026-05-21')).toMatchObject({
      refusal: { code: 'TOO_EARLY', rule: 'REPO_PRE_SALE_NOTICE_PERIOD', earliest: '2026-05-22' },
    });
  });

  it('shows the valuation and sale deadlines counted from yard-in and repossession', () => {
    const dates = stageDates(def, snapshotFor(def, 'CaptureValDtl', { fields: CASE }), '2026-04-21');
    expect(dates).toMatchObject([{ rule: 'REPO_VALUATION_DUE', date: '2026-04-20', isOverdue: true, daysLeft: -1 }]);
    const sale = stageDates(def, snapshotFor(def, 'AssetSale', { fields: CASE }), TODAY);
    expect(sale.map((d) => [d.rule, d.date, d.kind])).toEqual([
      ['REPO_SALE_DUE', '2026-07-12', 'latest'],
      ['REPO_PRE_SALE_NOTICE_PERIOD', '2026-05-22', 'earliest'],
    ]);
  });
});

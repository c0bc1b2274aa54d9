import { describe, expect, it } from 'vitest';
import { actorWith, allAuthorities, snapshotFor, walk, type WalkStep } from '../testing.ts';
import { availableActions, stageDates, transition } from '../transition.ts';
import { DEFAULT_SARFAESI_TIMELINES, SARFAESI_DEFINITION, buildSarfaesiDefinition } from './sarfaesi.ts';
import { SARFAESI_CASE as CASE } from './sample-cases.ts';

const def = SARFAESI_DEFINITION;
const TODAY = '2026-12-31';
const AUTHORITIES = allAuthorities(def);
const actor = actorWith('checker-2', AUTHORITIES);

const TO_POSSESSION: WalkStep[] = [
  { action: 'recommend', expect: 'SarfInitiateApprove' },
  { action: 'approve', expect: 'NoticeCapture' },
  { action: 'submit', expect: 'NoticeApproval' },
  { action: 'approve', expect: 'NewspaperPublication' },
  { action: 'submit', expect: 'TypeIdentification' },
  { action: 'submit', expect: 'PreIntimationNotice' },
  { action: 'submit', expect: 'PossessionDtlCapture' },
];

const AFTER_ASSET_DETAILS: WalkStep[] = [
  { action: 'submit', expect: 'ValAgencyAllocation' },
  { action: 'submit', expect: 'CaptureValDtl' },
  { action: 'submit', expect: 'ValCompletion' },
  { action: 'approve', expect: 'FprAllocation' },
  { action: 'submit', expect: 'PvrCapture' },
  { action: 'submit', expect: 'DisposalIdentification' },
  { action: 'submit', expect: 'BasePriceInitiate' },
  { action: 'recommend', expect: 'BasePriceApprove' },
];

describe('SARFAESI definition', () => {
  it('has the 40 stages of spec §2.5', () => {
    expect(def.stages).toHaveLength(40);
  });

  it('walks symbolic possession, the §14 order, a first auction and the sale to closure', () => {
    const { visited, snapshot } = walk(
      def,
      CASE,
      [
        ...TO_POSSESSION,
        { action: 'submit', expect: 'AgencyAllocation' },
        { action: 'submit', expect: 'DmUpdate' },
        { action: 'submit', expect: 'OrderCapture' },
        { action: 'submit', expect: 'KitGeneration' },
        { action: 'submit', expect: 'AssetDtlCapture' },
        ...AFTER_ASSET_DETAILS,
        { action: 'approve', expect: 'BatchGen' },
        { action: 'submit', expect: 'AuctionNotice' },
        { action: 'submit', expect: 'UploadArtwork' },
        { action: 'submit', expect: 'ConfirmArtwork' },
        { action: 'approve', expect: 'PublicationUpload' },
        { action: 'submit', expect: 'AllocateAuctionAgency' },
        { action: 'submit', expect: 'AssetAuctionCapture' },
        { action: 'submit', expect: 'AuctionApproval' },
        { action: 'approve', expect: 'AssetSaleNotice' },
        { action: 'submit', expect: 'AssetSale' },
        { action: 'submit', expect: 'AssetSaleApproval' },
        { action: 'approve', expect: 'SarfClosure' },
        { action: 'close', expect: 'closed' },
      ],
      TODAY,
    );
    expect(visited).toHaveLength(34);
    expect(snapshot.status).toBe('Closed');
  });

  it('physical possession at once skips the magistrate; a private treaty with a waiver skips the auction', () => {
    const physical = { ...CASE, possessionType: 'PHYSICAL', disposalMode: 'DIRECT_SALE', waiverRequired: true };
    const { visited } = walk(
      def,
      {
        ...physical,
        buyerName: 'Kiran Developers',
        borrowerConsentDate: '2026-07-20',
        waiverAmount: '50000.00',
        waiverReason: 'Society dues',
      },
      [
        ...TO_POSSESSION,
        { action: 'submit', expect: 'AssetDtlCapture' },
        ...AFTER_ASSET_DETAILS,
        { action: 'approve', expect: 'DirectSale' },
        { action: 'submit', expect: 'WaiverRequest' },
        { action: 'recommend', expect: 'WaiverApproval' },
        { action: 'approve', expect: 'AssetSaleNotice' },
      ],
      TODAY,
    );
    expect(visited).not.toContain('DmUpdate');
    expect(visited).not.toContain('AuctionNotice');
  });

  it('a failed auction goes back to the reserve price, and the re-sale notice period is 15 days', () => {
    const failed = snapshotFor(def, 'AssetAuctionCapture', { fields: { ...CASE, auctionResult: 'NO_BIDS' } });
    const back = transition(def, failed, 'submit', actor, TODAY);
    expect(back.ok && back.next.stage).toBe('BasePriceInitiate');

    const resale = { ...CASE, saleNoticeType: 'SUBSEQUENT_SALE', auctionHeldOn: '2026-07-29' };
    const early = snapshotFor(def, 'AssetAuctionCapture', { fields: resale });
    // Later of served 13 Jul, affixed 12 Jul, published 15 Jul = 15 Jul; + 15 days = 30 Jul.
    expect(transition(def, early, 'submit', actor, '2026-07-29')).toMatchObject({
      refusal: { code: 'TOO_EARLY', rule: 'SARF_R9_1_RESALE_NOTICE_PERIOD', earliest: '2026-07-30' },
    });
    const first = snapshotFor(def, 'AssetAuctionCapture', { fields: { ...CASE, auctionHeldOn: '2026-08-13' } });
    expect(transition(def, first, 'submit', actor, '2026-08-13')).toMatchObject({
      refusal: { code: 'TOO_EARLY', rule: 'SARF_R9_1_SALE_NOTICE_PERIOD', earliest: '2026-08-14' },
    });
    expect(transition(def, first, 'submit', actor, '2026-08-14').ok).toBe(true);
  });

  it('no possession before 60 days from the §13(2) notice, counted from its service', () => {
    const on = (day: string) => ({
      ...CASE,
      possessionDate: day,
      possessionNoticeAffixedDate: day,
      possessionPublicationDate: day,
    });
    // Notice of 1 Feb served on 5 Feb: 60 days from the notice end on 2 Apr, from service on 6 Apr.
    const early = snapshotFor(def, 'PossessionDtlCapture', { fields: on('2026-04-05') });
    expect(transition(def, early, 'submit', actor, '2026-04-05')).toEqual({
      ok: false,
      refusal: {
        code: 'FIELD_INVALID',
        errors: [{ field: 'possessionDate', message: 'Date should be on or after 2026-04-06' }],
      },
    });
    // The date rule gives the case screen the same day, and the actions are refused before it.
    expect(stageDates(def, early, '2026-04-05')).toContainEqual(
      expect.objectContaining({ rule: 'SARF_13_2_NOTICE_PERIOD', date: '2026-04-06' }),
    );
    expect(availableActions(def, early, actor, '2026-04-05').find((a) => a.name === 'submit')?.enabled).toBe(false);
    const due = snapshotFor(def, 'PossessionDtlCapture', { fields: on('2026-04-06') });
    expect(transition(def, due, 'submit', actor, '2026-04-06').ok).toBe(true);
    const fields = on('2026-04-05');
    // A possession date back-dated inside the 60 days is refused as a field.
    const backDated = snapshotFor(def, 'PossessionDtlCapture', { fields: { ...fields, possessionDate: '2026-03-30' } });
    expect(transition(def, backDated, 'submit', actor, TODAY)).toMatchObject({
      refusal: {
        code: 'FIELD_INVALID',
        errors: [{ field: 'possessionDate', message: 'Date should be on or after 2026-04-06' }],
      },
    });
  });

  it('§13(3A): a representation must be answered before possession, and the reply is due in 15 days', () => {
    const { representationReplyDate: _r, ...unanswered } = CASE;
    const snapshot = snapshotFor(def, 'TypeIdentification', { fields: unanswered });
    expect(transition(def, snapshot, 'submit', actor, TODAY)).toEqual({
      ok: false,
      refusal: { code: 'REQUIRED_FIELD_MISSING', fields: ['representationReplyDate'] },
    });
    expect(stageDates(def, snapshot, '2026-03-10')).toMatchObject([
      { rule: 'SARF_13_3A_REPLY_DUE', date: '2026-03-16', isOverdue: false, daysLeft: 6 },
    ]);
  });

  it('shows the Rule 8(2) publication deadline, the §17 window and the §14 timers', () => {
    const rules = (stage: string) =>
      stageDates(def, snapshotFor(def, stage, { fields: CASE }), '2026-05-20').map((d) => [
        d.rule,
        d.date,
        d.isOverdue,
      ]);
    expect(rules('PossessionDtlCapture')).toEqual([
      ['SARF_13_2_NOTICE_PERIOD', '2026-04-06', false],
      ['SARF_R8_2_PUBLICATION_DUE', '2026-04-15', true],
    ]);
    expect(rules('DmUpdate')).toEqual([
      ['SARF_S17_WINDOW', '2026-05-23', false],
      ['SARF_S14_ORDER_DUE', '2026-06-01', false],
      ['SARF_S14_ORDER_ESCALATION', '2026-07-01', false],
    ]);
  });

  it('Rule 9(4): the 75% balance is due on the 15th day, unless a written extension was agreed', () => {
    const due = stageDates(def, snapshotFor(def, 'AssetSale', { fields: CASE }), '2026-09-06');
    expect(due).toMatchObject([{ rule: 'SARF_R9_4_BALANCE_DUE', date: '2026-09-05', isOverdue: true }]);
    const extended = snapshotFor(def, 'AssetSale', { fields: { ...CASE, balanceExtensionAgreed: true } });
    expect(stageDates(def, extended, '2026-09-06')).toEqual([]);
    expect(transition(def, { ...extended, documents: ['balancePaymentProof'] }, 'submit', actor, TODAY)).toEqual({
      ok: false,
      refusal: { code: 'REQUIRED_DOCUMENT_MISSING', documents: ['extensionAgreement'] },
    });
  });

  it('an NBFC may use SARFAESI only for secured debt of ₹20 lakh or more', () => {
    const small = snapshotFor(def, 'SarfInitiate', {
      fields: { ...CASE, lenderType: 'NBFC', securedDebtAmount: '1500000.00' },
    });
    expect(transition(def, small, 'recommend', actor, TODAY)).toEqual({
      ok: false,
      refusal: {
        code: 'FIELD_INVALID',
        errors: [{ field: 'securedDebtAmount', message: 'Amount should be at least 2000000' }],
      },
    });
    const bank = snapshotFor(def, 'SarfInitiate', { fields: { ...CASE, securedDebtAmount: '1500000.00' } });
    expect(transition(def, bank, 'recommend', actor, TODAY).ok).toBe(true);
  });

  it('the reserve price is maker-checker', () => {
    const own = snapshotFor(def, 'BasePriceApprove', { fields: CASE, makerUserId: 'checker-2' });
    expect(transition(def, own, 'approve', actor, TODAY)).toEqual({
      ok: false,
      refusal: { code: 'MAKER_CANNOT_CHECK', makerUserId: 'checker-2' },
    });
  });
});

describe('SARFAESI detours', () => {
  it('a release request returns to its stage when rejected, and closes the case when approved', () => {
    const origin = snapshotFor(def, 'AuctionNotice', { fields: { ...CASE, redemptionAmount: '3600000.00' } });
    const requested = transition(
      def,
      origin,
      { name: 'requestRelease', remarks: 'Borrower tendered full dues' },
      actor,
      TODAY,
    );
    expect(requested.ok && [requested.next.stage, requested.next.returnStage]).toEqual([
      'AssetReleaseRequest',
      'AuctionNotice',
    ]);
    const { visited } = walk(
      def,
      {
        ...CASE,
        redemptionAmount: '3600000.00',
        redemptionPaidDate: '2026-07-20',
        redemptionReference: 'UTR2026072000009',
      },
      [
        { action: 'requestRelease', expect: 'AssetReleaseRequest' },
        { action: 'recommend', expect: 'AssetReleaseApproval' },
        { action: 'reject', expect: 'AuctionNotice' },
        { action: 'requestRelease', expect: 'AssetReleaseRequest' },
        { action: 'recommend', expect: 'AssetReleaseApproval' },
        { action: 'approve', expect: 'SarfClosure' },
        { action: 'close', expect: 'closed' },
      ],
      TODAY,
      'AuctionNotice',
    );
    expect(visited.at(-1)).toBe('closed');
  });

  it('a redeemed case closes with its release date, due within 7 days of the payment being realised', () => {
    const redeemed = {
      ...CASE,
      redemptionAmount: '3600000.00',
      redemptionPaidDate: '2026-07-20',
      redemptionReference: 'UTR2026072000009',
      closureType: 'REDEEMED',
    };
    const { snapshot } = walk(
      def,
      redeemed,
      [
        { action: 'requestRelease', expect: 'AssetReleaseRequest' },
        { action: 'recommend', expect: 'AssetReleaseApproval' },
        { action: 'approve', expect: 'SarfClosure' },
      ],
      TODAY,
      'AuctionNotice',
    );
    expect(stageDates(def, snapshot, '2026-07-27')).toMatchObject([
      { rule: 'SARF_RELEASE_DUE', date: '2026-07-27', isOverdue: false, daysLeft: 0 },
    ]);
    expect(stageDates(def, snapshot, '2026-07-28')).toMatchObject([{ rule: 'SARF_RELEASE_DUE', isOverdue: true }]);
    expect(transition(def, snapshot, 'close', actor, TODAY)).toEqual({
      ok: false,
      refusal: { code: 'REQUIRED_FIELD_MISSING', fields: ['releaseDate'] },
    });
    const early = transition(def, snapshot, { name: 'close', fields: { releaseDate: '2026-07-19' } }, actor, TODAY);
    expect(early.ok).toBe(false);
    const closed = transition(def, snapshot, { name: 'close', fields: { releaseDate: '2026-07-24' } }, actor, TODAY);
    expect(closed.ok && closed.next.status).toBe('Closed');
    // a case sold at auction carries no release due, whatever a rejected release request left on it
    const sold = { ...snapshot, fields: { ...snapshot.fields, closureType: 'SOLD' } };
    expect(stageDates(def, sold, TODAY).map((date) => date.rule)).not.toContain('SARF_RELEASE_DUE');
    expect(buildSarfaesiDefinition({ ...DEFAULT_SARFAESI_TIMELINES, releaseDays: 3 }).dateRules).toContainEqual(
      expect.objectContaining({ name: 'SARF_RELEASE_DUE', offsetDays: 3 }),
    );
  });

  it('§13(8): once the auction notice is published no release is accepted, but a partial payment still is', () => {
    const published = snapshotFor(def, 'PublicationUpload', { fields: CASE });
    expect(transition(def, published, { name: 'requestRelease', remarks: 'x' }, actor, TODAY)).toEqual({
      ok: false,
      refusal: { code: 'ACTION_NOT_ALLOWED', stage: 'PublicationUpload', action: 'requestRelease' },
    });
    const names = availableActions(def, published, actor, TODAY).map((a) => a.name);
    expect(names).toEqual(['submit', 'requestPartialPayment']);
  });

  it('a release request needs the release-request authority, whatever the stage', () => {
    const origin = snapshotFor(def, 'DmUpdate', { fields: CASE });
    const stageOnly = actorWith(
      'u',
      AUTHORITIES.filter((code) => code !== 'ASSET_RELEASE_RQST_SAUTH'),
    );
    expect(transition(def, origin, { name: 'requestRelease', remarks: 'x' }, stageOnly, TODAY)).toEqual({
      ok: false,
      refusal: { code: 'MISSING_AUTHORITY', authority: 'ASSET_RELEASE_RQST_SAUTH' },
    });
  });

  it('an approved partial payment returns the case to where it was', () => {
    const { snapshot } = walk(
      def,
      {
        ...CASE,
        partialAmount: '500000.00',
        partialPaymentMode: 'NEFT',
        partialPaymentReference: 'SBIN26161000123',
        partialPaymentDate: '2026-06-10',
        balanceSchedule: 'Balance by 31 Aug',
      },
      [
        { action: 'requestPartialPayment', expect: 'PartialPaymentReq' },
        { action: 'recommend', expect: 'PartialPaymentApproval' },
        { action: 'approve', expect: 'OrderCapture' },
      ],
      TODAY,
      'OrderCapture',
    );
    expect(snapshot).toMatchObject({ stage: 'OrderCapture', status: 'Approved', returnStage: null });
  });

  it('waivers and partial payments are money: the requests are checked, the approvals record and post them', () => {
    const effectsOf = (stage: string, action: string) =>
      def.stages.find((candidate) => candidate.code === stage)!.actions.find((a) => a.name === action)!.effects;
    expect(effectsOf('WaiverRequest', 'recommend')).toEqual(['requireWaiverWithinDues']);
    expect(effectsOf('WaiverApproval', 'approve')).toEqual(['recordWaiver']);
    expect(effectsOf('WaiverApproval', 'reject')).toEqual(['notifyMaker']);
    expect(effectsOf('PartialPaymentReq', 'recommend')).toEqual(['requirePartialPayment']);
    expect(effectsOf('PartialPaymentApproval', 'approve')).toEqual(['postPartialPayment']);
    expect(effectsOf('PartialPaymentApproval', 'reject')).toEqual(['notifyMaker']);
  });

  it('statutory numbers are configurable', () => {
    const custom = buildSarfaesiDefinition({ ...DEFAULT_SARFAESI_TIMELINES, demandNoticeDays: 75 }, 2);
    const snapshot = snapshotFor(custom, 'PossessionDtlCapture', { fields: CASE });
    expect(transition(custom, snapshot, 'submit', actor, '2026-04-20')).toMatchObject({
      refusal: {
        code: 'FIELD_INVALID',
        errors: [{ field: 'possessionDate', message: 'Date should be on or after 2026-04-21' }],
      },
    });
    const later = {
      ...snapshot,
      fields: {
        ...CASE,
        possessionDate: '2026-04-20',
        possessionNoticeAffixedDate: '2026-04-20',
        possessionPublicationDate: '2026-04-20',
      },
    };
    // 75 days from service (5 Feb) end on 21 Apr.
    expect(transition(custom, later, 'submit', actor, '2026-04-20')).toMatchObject({
      refusal: {
        code: 'FIELD_INVALID',
        errors: [{ field: 'possessionDate', message: 'Date should be on or after 2026-04-21' }],
      },
    });
    expect(stageDates(custom, later, '2026-04-20')).toContainEqual(
      expect.objectContaining({ rule: 'SARF_13_2_NOTICE_PERIOD', date: '2026-04-21' }),
    );
  });
});

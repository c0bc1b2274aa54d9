import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { repoDashboardSchema } from '@recovery-desk/domain/repo/contracts.ts';
import type { CaseFields } from '@recovery-desk/domain/workflow/case-fields.ts';
import { stageTrayPageSchema, type CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import { REPOSSESSION_CASE, SARFAESI_CASE } from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import { createOrg, type Org } from '../collections/factories.ts';
import { BUSINESS_DATE, ensureOrganisation } from '../factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { act, apiAs, caseView, errorOf, setBusinessDate, type Api } from '../workflow/factories.ts';
import {
  createRepoStaff,
  createSecuredAccount,
  createStaff,
  repossessionSteps,
  sarfaesiSteps,
  startCase,
  step,
  stepOk,
  type Staff,
  walk,
} from './factories.ts';

// The statutory and policy date rules of the REPOSSESSION and SARFAESI workflows, through the server on the
// organisation's business date: an 'earliest' rule refuses its action (409 TOO_EARLY, naming the rule and the first
// allowed day) the day before and lets it through on the day itself — the pre-repossession notice period, the auction
// notice period (also for the re-auction after a failed auction), the pre-sale notice period and the Rule 9(1) sale and
// re-sale notice periods; a 'latest' rule sets the stage's due date, which the stage tray and the repossession
// dashboard show as overdue once the business date passes it.

type Unit = { org: Org; staff: Staff; dashboardApi: Api };

describe.each(testDatabaseKinds())('secured-asset date rules (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
  });
  afterEach(async () => {
    await setBusinessDate(handle.db, BUSINESS_DATE);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  /** A unit of its own (so its dashboard counts only this test's cases): the maker, checker and a dashboard user. */
  async function unitWithStaff(): Promise<Unit> {
    const org = await createOrg(handle.db);
    const staff = await createStaff(t, org);
    const viewer = await createRepoStaff(handle.db, org.branch, { authorities: ['DASH_REPO_SAUTH'] });
    return { staff, org, dashboardApi: await apiAs(t, viewer, org.branch) };
  }

  async function newCase(unit: Unit, code: 'REPOSSESSION' | 'SARFAESI'): Promise<number> {
    const account = await createSecuredAccount(
      handle.db,
      unit.org.branch,
      code === 'SARFAESI' ? { product: 'HOME' } : {},
    );
    return (await startCase(t, unit.staff.maker, unit.org.branch, code, account.id)).caseId;
  }

  /** The date rule's entry on the case screen. */
  async function stageDate(staff: Staff, caseId: number, rule: string) {
    return (await caseView(staff.makerApi, caseId)).stageDates.find((date) => date.rule === rule);
  }

  /**
   * On the business date `dayBefore` the submit is refused as too early — 409 TOO_EARLY naming `rule` and `earliest` —
   * and writes nothing; on `earliest` the same submit (its dates moved to that day by `sampleOn`) leads to `next`.
   */
  async function refusedUntil(
    staff: Staff,
    caseId: number,
    input: {
      rule: string;
      dayBefore: string;
      earliest: string;
      next: string;
      sampleOn: (day: string) => CaseFields;
    },
  ): Promise<CaseView> {
    const action = 'submit';
    await setBusinessDate(handle.db, input.dayBefore);
    const before = await caseView(staff.makerApi, caseId);
    const early = await step(staff, caseId, action, input.sampleOn(input.dayBefore));
    expect(early.statusCode, early.body).toBe(409);
    const refusal = errorOf(early);
    expect(refusal.code).toBe('TOO_EARLY');
    expect(refusal.body).toMatchObject({ rule: input.rule, earliest: input.earliest });
    expect(refusal.detail).toContain(input.earliest.split('-').reverse().join('/'));
    // nothing written: the stage, status and fields stay, and the history has no such step (the documents the step
    // needs were uploaded before it)
    const after = await caseView(staff.makerApi, caseId);
    const steps = (view: CaseView) => view.history.filter((event) => event.action === action).length;
    expect([after.case.stage, after.case.status, after.case.fields, steps(after)]).toEqual([
      before.case.stage,
      before.case.status,
      before.case.fields,
      steps(before),
    ]);

    await setBusinessDate(handle.db, input.earliest);
    const done = await stepOk(staff, caseId, action, input.next, input.sampleOn(input.earliest));
    expect(done.history.at(-1)).toMatchObject({ action, businessDate: input.earliest });
    return done;
  }

  /** The case's row in the stage tray (Team View of the maker's unit). */
  async function trayRow(staff: Staff, code: string, stage: string, caseId: number) {
    const response = await staff.makerApi.get(`/api/workflow/${code}/stages/${stage}/cases?view=team`);
    expect(response.statusCode, response.body).toBe(200);
    const row = stageTrayPageSchema.parse(response.json()).data.find((candidate) => candidate.caseId === caseId);
    expect(row, `case ${caseId} in the ${stage} tray`).toBeDefined();
    return row!;
  }

  /** The workflow's part of the repossession dashboard: the stage's counts, the totals and the overdue cases. */
  async function dashboard(api: Api, code: 'REPOSSESSION' | 'SARFAESI', stage: string) {
    const response = await api.get('/api/repo/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    const workflow = repoDashboardSchema.parse(response.json()).workflows.find((entry) => entry.code === code)!;
    return {
      stage: workflow.stages.find((entry) => entry.stage === stage)!,
      totals: workflow.totals,
      overdueCases: workflow.overdueCases,
    };
  }

  it('REPO_NOTICE_PERIOD: the kit goes to the agency only 7 days after the notice was served', async () => {
    const unit = await unitWithStaff();
    const caseId = await newCase(unit, 'REPOSSESSION');
    // Notice of 1 April served on 3 April: the period runs from service, to 10 April (from the notice: 8 April).
    await setBusinessDate(handle.db, '2026-04-03');
    await walk(unit.staff, caseId, repossessionSteps('RepoInitiate', 'KitGeneration'), REPOSSESSION_CASE);
    expect(await stageDate(unit.staff, caseId, 'REPO_NOTICE_PERIOD')).toMatchObject({
      kind: 'earliest',
      date: '2026-04-10',
    });

    await refusedUntil(unit.staff, caseId, {
      rule: 'REPO_NOTICE_PERIOD',
      dayBefore: '2026-04-09',
      earliest: '2026-04-10',
      next: 'AssetDtlCapture',
      sampleOn: (day) => ({ ...REPOSSESSION_CASE, policePreIntimationDate: day }),
    });
  });

  it('REPO_POLICE_POST_INTIMATION_DUE and REPO_VALUATION_DUE: overdue on the tray and the dashboard once passed', async () => {
    const unit = await unitWithStaff();
    const { staff, dashboardApi } = unit;
    const caseId = await newCase(unit, 'REPOSSESSION');
    await setBusinessDate(handle.db, '2026-04-12');
    await walk(staff, caseId, repossessionSteps('RepoInitiate', 'AssetDtlCapture'), REPOSSESSION_CASE);

    // Repossessed on 13 April: the police are to be told within a day, the borrower within two.
    await setBusinessDate(handle.db, '2026-04-13');
    const saved = await staff.makerApi.post(`/api/workflow/cases/${caseId}/fields`, {
      version: (await caseView(staff.makerApi, caseId)).case.version,
      fields: { repossessionDate: '2026-04-13' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const view = saved.json<CaseView>();
    expect(view.case.dueOn).toBe('2026-04-14');
    expect(view.stageDates.map((date) => [date.rule, date.kind, date.date])).toEqual([
      ['REPO_POLICE_POST_INTIMATION_DUE', 'latest', '2026-04-14'],
      ['REPO_POST_LETTER_DUE', 'latest', '2026-04-15'],
    ]);

    // On the due date it is not overdue yet …
    await setBusinessDate(handle.db, '2026-04-14');
    expect(await trayRow(staff, 'REPOSSESSION', 'AssetDtlCapture', caseId)).toMatchObject({
      dueOn: '2026-04-14',
      isOverdue: false,
    });
    let board = await dashboard(dashboardApi, 'REPOSSESSION', 'AssetDtlCapture');
    expect(board.stage).toMatchObject({ open: 1, overdue: 0 });
    expect(board.totals.overdue).toBe(0);
    expect(board.overdueCases).toEqual([]);

    // … the day after, it is.
    await setBusinessDate(handle.db, '2026-04-15');
    expect(await trayRow(staff, 'REPOSSESSION', 'AssetDtlCapture', caseId)).toMatchObject({
      dueOn: '2026-04-14',
      isOverdue: true,
    });
    board = await dashboard(dashboardApi, 'REPOSSESSION', 'AssetDtlCapture');
    expect(board.stage).toMatchObject({ open: 1, overdue: 1 });
    expect(board.totals.overdue).toBe(1);
    expect(board.overdueCases).toEqual([
      expect.objectContaining({ caseId, stage: 'AssetDtlCapture', dueOn: '2026-04-14', daysOverdue: 1 }),
    ]);
    expect(board.overdueCases[0]!.rules.map((rule) => rule.name)).toEqual([
      'REPO_POLICE_POST_INTIMATION_DUE',
      'REPO_POST_LETTER_DUE',
    ]);

    // In the yard on 13 April: valuation is due within 7 days, by 20 April; the asset stage is no longer overdue.
    await stepOk(staff, caseId, 'submit', 'ValuationAgcAllocation', REPOSSESSION_CASE);
    await setBusinessDate(handle.db, '2026-04-20');
    expect(await trayRow(staff, 'REPOSSESSION', 'ValuationAgcAllocation', caseId)).toMatchObject({
      dueOn: '2026-04-20',
      isOverdue: false,
    });
    board = await dashboard(dashboardApi, 'REPOSSESSION', 'ValuationAgcAllocation');
    expect(board.stage).toMatchObject({ open: 1, overdue: 0 });
    expect(board.totals.overdue).toBe(0);

    await setBusinessDate(handle.db, '2026-04-21');
    expect(await trayRow(staff, 'REPOSSESSION', 'ValuationAgcAllocation', caseId)).toMatchObject({
      dueOn: '2026-04-20',
      isOverdue: true,
    });
    board = await dashboard(dashboardApi, 'REPOSSESSION', 'ValuationAgcAllocation');
    expect(board.stage).toMatchObject({ open: 1, overdue: 1 });
    expect(board.totals.overdue).toBe(1);
    expect(board.overdueCases).toEqual([
      expect.objectContaining({ caseId, stage: 'ValuationAgcAllocation', dueOn: '2026-04-20', daysOverdue: 1 }),
    ]);
    expect(board.overdueCases[0]!.rules.map((rule) => rule.name)).toEqual(['REPO_VALUATION_DUE']);
  });

  it('REPO_AUCTION_NOTICE_PERIOD: no auction result before 7 days from the notice, again for the re-auction', async () => {
    const unit = await unitWithStaff();
    const { staff } = unit;
    const caseId = await newCase(unit, 'REPOSSESSION');
    await setBusinessDate(handle.db, '2026-04-20');
    await walk(
      staff,
      caseId,
      [...repossessionSteps('RepoInitiate', 'DisposalIdentification'), ['approve', 'AuctionNotice']],
      REPOSSESSION_CASE,
    );

    // First auction: noticed on 20 April, so held from 27 April; it fails.
    const first = { ...REPOSSESSION_CASE, auctionNoticeDate: '2026-04-20', auctionDate: '2026-04-27' };
    await walk(
      staff,
      caseId,
      [
        ['submit', 'AllocateActionAgc'],
        ['submit', 'AssetAuctionDtl'],
      ],
      first,
    );
    expect(await stageDate(staff, caseId, 'REPO_AUCTION_NOTICE_PERIOD')).toMatchObject({
      kind: 'earliest',
      date: '2026-04-27',
    });
    await refusedUntil(staff, caseId, {
      rule: 'REPO_AUCTION_NOTICE_PERIOD',
      dayBefore: '2026-04-26',
      earliest: '2026-04-27',
      next: 'FprAllocation',
      sampleOn: (day) => ({ ...first, auctionResult: 'NO_BIDS', auctionHeldOn: day }),
    });

    // The re-auction at a reduced reserve: a fresh notice of 1 May, so no result before 8 May (the first notice's
    // period has long run).
    const reduced = { ...REPOSSESSION_CASE, reservePrice: '340000.00' };
    await walk(
      staff,
      caseId,
      [
        ['submit', 'DisposalIdentification'],
        ['approve', 'AuctionNotice'],
      ],
      reduced,
    );
    await setBusinessDate(handle.db, '2026-05-01');
    await walk(
      staff,
      caseId,
      [
        ['submit', 'AllocateActionAgc'],
        ['submit', 'AssetAuctionDtl'],
      ],
      reduced,
    );
    expect(await stageDate(staff, caseId, 'REPO_AUCTION_NOTICE_PERIOD')).toMatchObject({ date: '2026-05-08' });
    const sold = await refusedUntil(staff, caseId, {
      rule: 'REPO_AUCTION_NOTICE_PERIOD',
      dayBefore: '2026-05-07',
      earliest: '2026-05-08',
      next: 'AuctionApproval',
      sampleOn: (day) => ({ ...reduced, auctionHeldOn: day }),
    });
    expect(sold.case.fields).toMatchObject({ auctionNoticeDate: '2026-05-01', auctionResult: 'SUCCESSFUL' });
  });

  it('REPO_PRE_SALE_NOTICE_PERIOD: the vehicle is sold only 7 days after the pre-sale notice', async () => {
    const unit = await unitWithStaff();
    const { staff } = unit;
    const caseId = await newCase(unit, 'REPOSSESSION');
    const directSale = { ...REPOSSESSION_CASE, disposalMode: 'DIRECT_SALE' };
    await setBusinessDate(handle.db, '2026-04-20');
    await walk(staff, caseId, repossessionSteps('RepoInitiate', 'AssetSaleNotice'), directSale);
    // The pre-sale notice of 15 May: the borrower has until 22 May to pay.
    await setBusinessDate(handle.db, '2026-05-15');
    await stepOk(staff, caseId, 'submit', 'AssetSale', directSale);
    expect(await stageDate(staff, caseId, 'REPO_PRE_SALE_NOTICE_PERIOD')).toMatchObject({
      kind: 'earliest',
      date: '2026-05-22',
    });
    await refusedUntil(staff, caseId, {
      rule: 'REPO_PRE_SALE_NOTICE_PERIOD',
      dayBefore: '2026-05-21',
      earliest: '2026-05-22',
      next: 'AssetSaleApproval',
      sampleOn: (day) => ({ ...directSale, saleDate: day }),
    });
  });

  it('SARF_S14_ORDER_DUE: the magistrate’s order is overdue on the tray and the dashboard 30 days after filing', async () => {
    const unit = await unitWithStaff();
    const { staff, dashboardApi } = unit;
    const caseId = await newCase(unit, 'SARFAESI');
    await setBusinessDate(handle.db, '2026-04-12');
    await walk(staff, caseId, sarfaesiSteps('SarfInitiate', 'AgencyAllocation'), SARFAESI_CASE);
    // §14 application filed on 2 May: the order is expected by 1 June.
    await setBusinessDate(handle.db, '2026-05-02');
    await walk(staff, caseId, sarfaesiSteps('AgencyAllocation', 'OrderCapture'), SARFAESI_CASE);
    expect((await caseView(staff.makerApi, caseId)).case.dueOn).toBe('2026-06-01');

    await setBusinessDate(handle.db, '2026-06-01');
    expect(await trayRow(staff, 'SARFAESI', 'OrderCapture', caseId)).toMatchObject({
      dueOn: '2026-06-01',
      isOverdue: false,
    });
    let board = await dashboard(dashboardApi, 'SARFAESI', 'OrderCapture');
    expect(board.stage).toMatchObject({ open: 1, overdue: 0 });
    expect(board.totals.overdue).toBe(0);
    expect(board.overdueCases).toEqual([]);

    await setBusinessDate(handle.db, '2026-06-02');
    expect(await trayRow(staff, 'SARFAESI', 'OrderCapture', caseId)).toMatchObject({
      dueOn: '2026-06-01',
      isOverdue: true,
    });
    board = await dashboard(dashboardApi, 'SARFAESI', 'OrderCapture');
    expect(board.stage).toMatchObject({ open: 1, overdue: 1 });
    expect(board.totals.overdue).toBe(1);
    expect(board.overdueCases).toEqual([
      expect.objectContaining({ caseId, stage: 'OrderCapture', dueOn: '2026-06-01', daysOverdue: 1 }),
    ]);
    expect(board.overdueCases[0]!.rules.map((rule) => rule.name)).toEqual([
      'SARF_S14_ORDER_DUE',
      'SARF_S14_ORDER_ESCALATION',
    ]);
    // The REPOSSESSION side of the dashboard has nothing overdue.
    expect((await dashboard(dashboardApi, 'REPOSSESSION', 'RepoInitiate')).totals.overdue).toBe(0);
  });

  it('SARF_RELEASE_DUE: a redeemed property is released within 7 days of the payment, else it is overdue', async () => {
    const unit = await unitWithStaff();
    const { staff, dashboardApi } = unit;
    const caseId = await newCase(unit, 'SARFAESI');
    await setBusinessDate(handle.db, '2026-04-12');
    await walk(staff, caseId, sarfaesiSteps('SarfInitiate', 'AgencyAllocation'), SARFAESI_CASE);
    // The borrower pays the whole dues on 20 April while the DM advocate is being chosen: release by 27 April.
    await setBusinessDate(handle.db, '2026-04-20');
    const opened = await act(staff.makerApi, caseId, 'requestRelease', {
      remarks: 'The borrower paid the whole dues by RTGS',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const redeemed: CaseFields = {
      ...SARFAESI_CASE,
      redemptionAmount: '3500000.00',
      redemptionPaidDate: '2026-04-20',
      redemptionReference: 'SBINR52026042000417',
      closureType: 'REDEEMED',
      closureDate: '2026-04-28',
      releaseDate: '2026-04-28',
    };
    await walk(
      staff,
      caseId,
      [
        ['recommend', 'AssetReleaseApproval'],
        ['approve', 'SarfClosure'],
      ],
      redeemed,
    );
    expect(await stageDate(staff, caseId, 'SARF_RELEASE_DUE')).toMatchObject({ kind: 'latest', date: '2026-04-27' });

    await setBusinessDate(handle.db, '2026-04-27');
    expect(await trayRow(staff, 'SARFAESI', 'SarfClosure', caseId)).toMatchObject({
      dueOn: '2026-04-27',
      isOverdue: false,
    });
    expect((await dashboard(dashboardApi, 'SARFAESI', 'SarfClosure')).stage).toMatchObject({ open: 1, overdue: 0 });

    await setBusinessDate(handle.db, '2026-04-28');
    expect(await trayRow(staff, 'SARFAESI', 'SarfClosure', caseId)).toMatchObject({ isOverdue: true });
    const board = await dashboard(dashboardApi, 'SARFAESI', 'SarfClosure');
    expect(board.stage).toMatchObject({ open: 1, overdue: 1 });
    expect(board.overdueCases).toEqual([
      expect.objectContaining({ caseId, stage: 'SarfClosure', dueOn: '2026-04-27', daysOverdue: 1 }),
    ]);
    expect(board.overdueCases[0]!.rules.map((rule) => rule.name)).toEqual(['SARF_RELEASE_DUE']);

    // a release dated before the payment was realised is refused, naming the field; the late release closes the case
    const early = await step(staff, caseId, 'close', { ...redeemed, releaseDate: '2026-04-19' });
    expect(early.statusCode, early.body).toBe(400);
    expect(errorOf(early).fields).toEqual(['fields.releaseDate']);
    const closed = await step(staff, caseId, 'close', redeemed);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<CaseView>().case).toMatchObject({ status: 'Closed', isClosed: true });
    expect(closed.json<CaseView>().case.fields).toMatchObject({ closureType: 'REDEEMED', releaseDate: '2026-04-28' });
  });

  it('SARF_R9_1: no auction before 30 days from the later of service, affixation and publication; 15 for a re-sale', async () => {
    const unit = await unitWithStaff();
    const { staff } = unit;
    const caseId = await newCase(unit, 'SARFAESI');
    await setBusinessDate(handle.db, '2026-04-12');
    await walk(staff, caseId, sarfaesiSteps('SarfInitiate', 'AgencyAllocation'), SARFAESI_CASE);
    // Sale notice of 10 July, affixed on 12, served on 13, published on 15 July: the auction from 14 August.
    await setBusinessDate(handle.db, '2026-07-15');
    await walk(staff, caseId, sarfaesiSteps('AgencyAllocation', 'AssetAuctionCapture'), SARFAESI_CASE);
    expect(await stageDate(staff, caseId, 'SARF_R9_1_SALE_NOTICE_PERIOD')).toMatchObject({
      kind: 'earliest',
      date: '2026-08-14',
    });
    // The auction fails on the first day it may be held.
    await refusedUntil(staff, caseId, {
      rule: 'SARF_R9_1_SALE_NOTICE_PERIOD',
      dayBefore: '2026-08-13',
      earliest: '2026-08-14',
      next: 'BasePriceInitiate',
      sampleOn: (day) => ({ ...SARFAESI_CASE, auctionResult: 'NO_BIDS', auctionHeldOn: day }),
    });

    // The re-sale at a reduced reserve: notice of 20 August, affixed on 21, served on 22, published on 24 August,
    // so the auction from 8 September (proviso to Rule 9(1)).
    const resale: CaseFields = {
      ...SARFAESI_CASE,
      reservePrice: '3400000.00',
      emdAmount: '340000.00',
      saleNoticeType: 'SUBSEQUENT_SALE',
      saleNoticeDate: '2026-08-20',
      saleNoticeAffixedDate: '2026-08-21',
      saleNoticeServedDate: '2026-08-22',
      auctionDate: '2026-09-10',
      inspectionDate1: '2026-09-01',
      inspectionDate2: '2026-09-02',
      emdLastDate: '2026-09-08',
      salePublicationDate: '2026-08-24',
      portalUploadDate: '2026-08-24',
    };
    await setBusinessDate(handle.db, '2026-08-24');
    await walk(staff, caseId, sarfaesiSteps('BasePriceInitiate', 'AssetAuctionCapture'), resale);
    const dates = (await caseView(staff.makerApi, caseId)).stageDates.filter((date) => date.kind === 'earliest');
    expect(dates.map((date) => [date.rule, date.date])).toEqual([['SARF_R9_1_RESALE_NOTICE_PERIOD', '2026-09-08']]);
    const sold = await refusedUntil(staff, caseId, {
      rule: 'SARF_R9_1_RESALE_NOTICE_PERIOD',
      dayBefore: '2026-09-07',
      earliest: '2026-09-08',
      next: 'AuctionApproval',
      sampleOn: (day) => ({ ...resale, auctionHeldOn: day, saleAmount: '3500000.00' }),
    });
    expect(sold.case.fields).toMatchObject({ saleNoticeType: 'SUBSEQUENT_SALE', auctionResult: 'SUCCESSFUL' });
  });
});

import { expect, test } from '../support/test.ts';
import type { Browser, Page } from '@playwright/test';
import { ROUTE_CATALOGUE } from '../../packages/domain/src/route-catalogue.ts';
import {
  REPOSSESSION_CASE,
  REPOSSESSION_INVENTORY,
  SARFAESI_CASE,
} from '../../packages/domain/src/workflow/definitions/sample-cases.ts';
import { translator } from '../../packages/i18n/src/translator.ts';
import { LegalCasePage } from '../pages/legal-case-page.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { callApi } from '../support/collections.ts';
import { CASE_DOCUMENT_PDF, uploadCaseDocument } from '../support/legal.ts';
import { signInToApp } from '../support/session.ts';

// Issue 15: one repossession case from initiation to closure by the auction path, by two users in two browsers. The
// officer (repo.pune, RG-PUN) starts it on the account's initiate screen and takes every maker step on the case
// screen; the approver (repoappr.west, ZN-W) approves the initiation, the valuation, the disposal mode, the sale at
// the auction and the sale itself. On the way: the pre-repossession notice and the kit are generated, the inventory
// and the yard-in are recorded, two valuations give the reserve, three bids give the H1, and the closure statement
// shows the shortfall before the case is closed. The stage forms' values and the checklist files go through the API
// (the form and checklist screens have their own specs); every step is taken in the browser.
// Then SARFAESI (sarf.mumbai and sarfappr.ho): a case whose §13(2) notice was served 10 days ago cannot move to
// possession (the action is refused with the date it may be taken from), one served 75 days ago moves on.

type Stage = { caseId: number; stage: string; version: number; fields: Record<string, unknown> };
type ChecklistItem = {
  code: string;
  required: boolean;
  applies: boolean;
  isCurrentStage: boolean;
  documentIds: number[];
};
type View = {
  businessDate: string;
  case: Stage & { caseNo: string; stageRouteSlug: string; isClosed: boolean; status: string };
  availableActions: { name: string; labelKey: string; enabled: boolean }[];
  checklist: ChecklistItem[];
  documents: { code: string; isGenerated: boolean }[];
};
type Agency = { id: number; kind: string; name: string; usable: boolean };

const en = translator('en');
const sample = REPOSSESSION_CASE;

async function viewOf(page: Page, caseId: number): Promise<View> {
  const reply = await callApi<View>(page, 'GET', `/api/workflow/cases/${caseId}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

/** The case screen of the stage the case is at, by its own route (as the tray opens it). */
async function openAtStage(page: Page, view: View, accountId: number): Promise<LegalCasePage> {
  const route = ROUTE_CATALOGUE.find((entry) => entry.name === `${view.case.stageRouteSlug}Detail`);
  expect(route, view.case.stageRouteSlug).toBeDefined();
  await page.goto(route!.path.replace(':caseid', String(view.case.caseId)).replace(':accountid', String(accountId)));
  const repoCase = new LegalCasePage(page);
  await expect(repoCase.header).toContainText(view.case.caseNo);
  return repoCase;
}

/**
 * One step on the case screen: the stage's form values saved and its missing required files uploaded (API), then
 * the action taken in the browser by the user of `page`; the case must reach `expected`.
 */
async function step(
  page: Page,
  ids: { caseId: number; accountId: number },
  action: string,
  expected: string,
  fields: Record<string, unknown> = {},
): Promise<View> {
  let view = await viewOf(page, ids.caseId);
  if (Object.keys(fields).length > 0) {
    const saved = await callApi(page, 'POST', `/api/workflow/cases/${ids.caseId}/fields`, {
      version: view.case.version,
      fields,
    });
    expect(saved.status, `${view.case.stage} fields: ${JSON.stringify(saved.body)}`).toBe(200);
  }
  for (const item of view.checklist) {
    if (item.isCurrentStage && item.required && item.applies && item.documentIds.length === 0) {
      await uploadCaseDocument(page, ids.caseId, item.code, CASE_DOCUMENT_PDF);
    }
  }
  view = await viewOf(page, ids.caseId);
  const available = view.availableActions.find((candidate) => candidate.name === action);
  expect(available, `${action} at ${view.case.stage}: ${JSON.stringify(view.availableActions)}`).toBeDefined();
  const repoCase = await openAtStage(page, view, ids.accountId);
  await repoCase.act(en.tr(available!.labelKey, available!.labelKey), `${action} at ${view.case.stage} (e2e walk)`);
  const after = await viewOf(page, ids.caseId);
  expect(after.case.stage).toBe(expected);
  return after;
}

/** The stage's fields of the sample case (only those the stage has). */
const pick = (...names: string[]) => Object.fromEntries(names.map((name) => [name, sample[name]]));

test('a repossession case from initiation to closure by auction, by an officer and an approver', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const [officer, approver] = await signInBoth(browser, ['repo.pune', 'RG-PUN'], ['repoappr.west', 'ZN-W']);

  // The officer starts the case on the account's initiate screen.
  const candidates = await callApi<{ data: { accountId: number; accountNo: string }[] }>(
    officer,
    'GET',
    '/api/repo/REPOSSESSION/candidates?limit=1',
  );
  expect(candidates.status, JSON.stringify(candidates.body)).toBe(200);
  const { accountId } = candidates.body.data[0]!;
  const ids = await startOnInitiateScreen(officer, '/Repo/RepoInitiate', 'REPOSSESSION', accountId);
  await expectNoAxeViolations(officer);

  // The agencies of the register the officer may name, by kind.
  const agencies = await callApi<{ agencies: Agency[] }>(officer, 'GET', '/api/secured-assets/agencies');
  const agencyOf = (kind: string) => {
    const agency = agencies.body.agencies.find((candidate) => candidate.kind === kind && candidate.usable);
    expect(agency, `a usable ${kind} agency`).toBeDefined();
    return agency!.name;
  };

  await step(officer, ids, 'recommend', 'RepoInitiateApproval', {
    ...pick('repoReason', 'assetType', 'registrationNo', 'chassisNo', 'engineNo', 'agreementHasRepoClause'),
    overdueAmount: sample.overdueAmount,
  });
  // The approver approves: the pre-repossession notice is generated.
  let view = await step(approver, ids, 'approve', 'Notice');
  expect(view.documents.find((document) => document.code === 'noticeCopy')?.isGenerated).toBe(true);

  await step(
    officer,
    ids,
    'submit',
    'KitGeneration',
    pick('noticeDate', 'noticeMode', 'noticeSentDate', 'trackingNumber', 'noticeServedDate'),
  );
  view = await step(officer, ids, 'submit', 'AssetDtlCapture', {
    ...pick('authorisationLetterNo', 'policeStation', 'policePreIntimationDate'),
    repoAgencyName: agencyOf('REPOSSESSION'),
  });
  expect(view.documents.filter((document) => document.isGenerated).map((document) => document.code)).toEqual(
    expect.arrayContaining(['authorisationLetter', 'policePreIntimation']),
  );

  // Inventory with a photo, and the yard-in in a yard of the register.
  const savedInventory = await callApi(
    officer,
    'PUT',
    `/api/secured-assets/cases/${ids.caseId}/inventory`,
    REPOSSESSION_INVENTORY,
  );
  expect(savedInventory.status, JSON.stringify(savedInventory.body)).toBe(200);
  const photoCode = (
    await callApi<{ photoCode: string }>(officer, 'GET', `/api/secured-assets/cases/${ids.caseId}/inventory`)
  ).body.photoCode;
  await uploadPhoto(officer, ids.caseId, photoCode);
  const yards = await callApi<{ yards: { id: number; name: string; active: boolean }[] }>(
    officer,
    'GET',
    '/api/secured-assets/yards',
  );
  const yard = yards.body.yards.find((candidate) => candidate.active)!;
  const yardIn = await callApi(officer, 'POST', `/api/secured-assets/cases/${ids.caseId}/yard-in`, {
    yardId: yard.id,
    inDate: sample.yardInDate,
    condition: 'GOOD',
  });
  expect(yardIn.status, JSON.stringify(yardIn.body)).toBe(200);
  view = await step(
    officer,
    ids,
    'submit',
    'ValuationAgcAllocation',
    pick('repossessionDate', 'policePostIntimationDate', 'postRepoLetterDate'),
  );
  expect(view.documents.filter((document) => document.isGenerated).map((document) => document.code)).toEqual(
    expect.arrayContaining(['policePostIntimation', 'postRepoLetter']),
  );

  // Valuation: two valuers' reports on the Valuations tab, the approver completes it.
  await step(officer, ids, 'submit', 'CaptureValDtl', {
    valuationAgency: agencyOf('VALUATION'),
    valuationAllocationDate: sample.valuationAllocationDate,
  });
  for (const [valuerName, market, realisable, distress] of [
    ['Autovalue Pvt Ltd', 41_000_000, 38_000_000, 35_000_000],
    ['Deccan Motor Valuers', 42_500_000, 39_000_000, 36_000_000],
  ] as const) {
    const added = await callApi(officer, 'POST', `/api/secured-assets/cases/${ids.caseId}/valuations`, {
      valuerName,
      valuationDate: sample.valuationDate,
      marketValueMinor: market,
      realisableValueMinor: realisable,
      distressValueMinor: distress,
      reportReference: `VR-${valuerName.slice(0, 3).toUpperCase()}`,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }
  await step(
    officer,
    ids,
    'submit',
    'ValuationCompletion',
    pick('valuationDate', 'valuationAmount', 'distressValue', 'assetCondition'),
  );
  await step(approver, ids, 'approve', 'FprAllocation');
  await step(officer, ids, 'submit', 'DisposalIdentification', {
    fprAgency: agencyOf('VALUATION'),
    reservePrice: sample.reservePrice,
  });
  await step(approver, ids, 'approve', 'AuctionNotice', { disposalMode: 'AUCTION' });
  await step(officer, ids, 'submit', 'AllocateActionAgc', pick('auctionNoticeDate', 'auctionDate'));
  await step(officer, ids, 'submit', 'AssetAuctionDtl', { auctionAgency: agencyOf('AUCTION') });

  // The auction: three bids, H1 above the reserve price.
  for (const [bidderName, bid] of [
    ['Bharat Motors', '395000.00'],
    ['Sai Car Bazaar', '386000.00'],
    ['Om Auto Traders', '372000.00'],
  ] as const) {
    const added = await callApi(officer, 'POST', `/api/secured-assets/cases/${ids.caseId}/bids`, {
      bidderName,
      emdAmount: '38000.00',
      emdReceivedOn: sample.auctionNoticeDate,
      bidAmount: bid,
      qualified: true,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }
  await step(
    officer,
    ids,
    'submit',
    'AuctionApproval',
    pick('auctionResult', 'auctionHeldOn', 'numberOfBids', 'highestBidderName', 'highestBid', 'waiverRequired'),
  );

  // The approver sees the bids and H1 against the reserve price, and approves the sale: the pre-sale notice.
  view = await viewOf(approver, ids.caseId);
  const atApproval = await openAtStage(approver, view, ids.accountId);
  await approver.getByRole('tab', { name: 'Bids', exact: true }).click();
  await expect(approver.getByTestId('auction-h1')).toContainText('Bharat Motors');
  await expect(approver.getByTestId('auction-bids').getByTestId('bid-h1')).toHaveCount(1);
  await expectNoAxeViolations(approver);
  await approver.getByRole('tab', { name: 'Case', exact: true }).click();
  await expect(atApproval.header).toBeVisible();
  view = await step(approver, ids, 'approve', 'AssetSaleNotice');
  expect(view.documents.some((document) => document.code === 'saleNoticeCopy' && document.isGenerated)).toBe(true);

  await step(officer, ids, 'submit', 'AssetSale', pick('saleNoticeDate', 'saleNoticeMode'));
  await step(
    officer,
    ids,
    'submit',
    'AssetSaleApproval',
    pick('saleDate', 'saleAmount', 'buyerName', 'paymentReference'),
  );
  await step(approver, ids, 'approve', 'Closure');

  // Closure: the statement shows the shortfall of the sale against the dues, then the officer closes the case.
  view = await viewOf(officer, ids.caseId);
  await callApi(officer, 'POST', `/api/workflow/cases/${ids.caseId}/fields`, {
    version: view.case.version,
    fields: pick('closureType', 'saleExpenses'),
  });
  const closing = await openAtStage(officer, await viewOf(officer, ids.caseId), ids.accountId);
  await officer.getByRole('tab', { name: 'Closure statement', exact: true }).click();
  const statement = officer.getByTestId('closure-statement');
  await expect(statement).toContainText('Shortfall');
  await expectNoAxeViolations(officer);
  await officer.getByRole('tab', { name: 'Case', exact: true }).click();
  const close = (await viewOf(officer, ids.caseId)).availableActions.find((action) => action.name === 'close')!;
  const closeLabel = en.tr(close.labelKey, close.labelKey);
  await closing.action(closeLabel).click();
  const dialog = officer.getByRole('dialog', { name: closeLabel });
  await dialog.getByLabel(/^Remarks/).fill('Sold at auction; the shortfall stays recoverable');
  await dialog.getByRole('button', { name: closeLabel, exact: true }).click();
  await expect(closing.toasts().getByText(`${closeLabel}: the case is closed with status Closed.`)).toBeVisible();
  const closed = await viewOf(officer, ids.caseId);
  expect(closed.case).toMatchObject({ isClosed: true, status: 'Closed' });
  await officer.reload();
  await officer.getByRole('tab', { name: 'Closure statement', exact: true }).click();
  await expect(officer.getByTestId('closure-statement')).toContainText('Shortfall');
});

/**
 * Uploads a small PNG under the checklist code (the inventory's photo, a newspaper's scan; their own specs drive the
 * forms); answers the new document's id.
 */
async function uploadPhoto(page: Page, caseId: number, code: string): Promise<number> {
  const png =
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==';
  const status = await page.evaluate(
    async ({ caseId, code, png }) => {
      const session = JSON.parse(localStorage.getItem('recoveryDesk.session') ?? '{}') as {
        access?: string;
        actingUnit?: number;
      };
      const bytes = Uint8Array.from(atob(png), (char) => char.charCodeAt(0));
      const form = new FormData();
      form.set('code', code);
      form.set('file', new File([bytes], 'front.png', { type: 'image/png' }));
      const response = await fetch(`/api/workflow/cases/${caseId}/documents`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${session.access ?? ''}`, 'X-Acting-Unit': String(session.actingUnit ?? '') },
        body: form,
      });
      const view = (await response.json()) as { documents?: { documentId: number; code: string }[] };
      const ids = (view.documents ?? []).filter((document) => document.code === code).map((d) => d.documentId);
      return { status: response.status, documentId: Math.max(0, ...ids) };
    },
    { caseId, code, png },
  );
  expect(status.status).toBe(200);
  return status.documentId;
}

/** The possession notice's two papers (Rule 8(2)) on the Publications tab's API, as the form's newspapers name them. */
async function recordPossessionPapers(page: Page, caseId: number, day: string): Promise<void> {
  const [english, vernacular] = String(SARFAESI_CASE.possessionNewspapers).split(', ');
  for (const [newspaper, language] of [
    [english, 'ENGLISH'],
    [vernacular, 'VERNACULAR'],
  ] as const) {
    const scanDocumentId = await uploadPhoto(page, caseId, 'possessionPublication');
    const response = await callApi(page, 'POST', `/api/secured-assets/cases/${caseId}/publications`, {
      purpose: 'POSSESSION_NOTICE',
      newspaper,
      language,
      vernacularLanguage: language === 'VERNACULAR' ? 'Marathi' : null,
      edition: 'Mumbai',
      publishedOn: day,
      scanDocumentId,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  }
}

/** Two users, each in a browser of their own, in the Repossession and Sarfaesi app. */
async function signInBoth(
  browser: Browser,
  ...users: [officer: [username: string, unit: string], approver: [username: string, unit: string]]
): Promise<[officer: Page, approver: Page]> {
  const pages: Page[] = [];
  for (const [username, unit] of users) {
    const page = await (await browser.newContext()).newPage();
    await signInToApp(page, { user: username, unit, app: 'Repossession and Sarfaesi' });
    pages.push(page);
  }
  return [pages[0]!, pages[1]!];
}

/** A date `days` before an ISO date. */
function daysBefore(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** Starts a case of the workflow on the account's initiate screen (the officer's "Start a case"). */
async function startOnInitiateScreen(page: Page, path: string, code: string, accountId: number) {
  await page.goto(`${path}/account/${accountId}`);
  await page.getByRole('button', { name: 'Start a case' }).click();
  await expect(page.getByText(/^Case \S+ initiated\.$/)).toBeVisible();
  await expect(page.getByTestId('case-header')).toBeVisible();
  const open = await callApi<{ caseId: number }>(page, 'GET', `/api/workflow/${code}/accounts/${accountId}/open-case`);
  expect(open.status).toBe(200);
  return { caseId: open.body.caseId, accountId };
}

/**
 * A SARFAESI case walked to Possession Detail Capture with its §13(2) notice served `servedDaysAgo` days before the
 * business date: the officer's steps and the approver's approvals, each in the browser.
 */
async function sarfaesiToPossession(officer: Page, approver: Page, accountId: number, servedDaysAgo: number) {
  const ids = await startOnInitiateScreen(officer, '/Sarf/SarfInitiate', 'SARFAESI', accountId);
  const businessDate = (await viewOf(officer, ids.caseId)).businessDate;
  const served = daysBefore(businessDate, servedDaysAgo);
  const fields = (...names: string[]) => Object.fromEntries(names.map((name) => [name, SARFAESI_CASE[name]]));
  await step(officer, ids, 'recommend', 'SarfInitiateApprove', {
    ...fields('lenderType', 'securedDebtAmount', 'principalOutstanding', 'interestOutstanding', 'chargesOutstanding'),
    ...fields('securityType', 'propertyDescription', 'cersaiAssetId', 'obligorCount'),
    npaDate: daysBefore(served, 40),
  });
  await step(approver, ids, 'approve', 'NoticeCapture');
  await step(officer, ids, 'submit', 'NoticeApproval', {
    ...fields('demandAmount', 'noticeMode', 'trackingNumber', 'serviceStatus'),
    demandNoticeDate: daysBefore(served, 4),
    demandNoticeSentDate: daysBefore(served, 3),
    demandNoticeServedDate: served,
  });
  await step(approver, ids, 'approve', 'NewspaperPublication');
  await step(officer, ids, 'submit', 'TypeIdentification');
  await step(officer, ids, 'submit', 'PreIntimationNotice', {
    possessionType: 'SYMBOLIC',
    representationReceived: false,
  });
  await step(officer, ids, 'submit', 'PossessionDtlCapture', {
    policeStation: SARFAESI_CASE.policeStation,
    policeIntimationDate: businessDate,
  });
  return { ...ids, served, businessDate };
}

test('SARFAESI: no possession within 60 days of the §13(2) notice; after them the case moves on', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const [officer, approver] = await signInBoth(browser, ['sarf.mumbai', 'RG-MUM'], ['sarfappr.ho', 'HO']);
  const candidates = await callApi<{ data: { accountId: number }[] }>(
    officer,
    'GET',
    '/api/repo/SARFAESI/candidates?limit=2',
  );
  expect(candidates.body.data.length, JSON.stringify(candidates.body)).toBe(2);
  const [recent, old] = candidates.body.data;

  // Served 10 days ago: the possession cannot be recorded; the form says from which date, the action is refused.
  const early = await sarfaesiToPossession(officer, approver, recent!.accountId, 10);
  const earlyCase = await openAtStage(officer, await viewOf(officer, early.caseId), early.accountId);
  await expect(earlyCase.header).toContainText('Possession Detail Capture');
  const earliest = daysBefore(early.served, -60).split('-').reverse().join('/');
  await earlyCase.field('Possession date').fill(early.businessDate.split('-').reverse().join('-'));
  await earlyCase.form.getByRole('button', { name: 'Save' }).click();
  await expect(earlyCase.form.getByText(`Date should be on or after ${earliest}`)).toBeVisible();
  const deadlines = officer
    .getByRole('listitem')
    .filter({ hasText: '§13(2) notice period ends (earliest possession)' });
  await expect(deadlines).toContainText(earliest);
  await expectNoAxeViolations(officer);
  const refused = await callApi<{ error_code: string }>(
    officer,
    'POST',
    `/api/workflow/cases/${early.caseId}/actions`,
    {
      action: 'submit',
      expectedStage: 'PossessionDtlCapture',
      version: (await viewOf(officer, early.caseId)).case.version,
      remarks: 'Too early',
      fields: possessionFields(early.businessDate),
    },
  );
  expect(refused.status, JSON.stringify(refused.body)).toBeGreaterThanOrEqual(400);
  expect(refused.status).toBeLessThan(500);
  expect((await viewOf(officer, early.caseId)).case.stage).toBe('PossessionDtlCapture');

  // Served 75 days ago: the possession is recorded and the case moves on to the DM/CMM agency allocation.
  const late = await sarfaesiToPossession(officer, approver, old!.accountId, 75);
  // the Publications tab says what Rule 8(2) asks for, then shows the two papers recorded
  await openAtStage(officer, await viewOf(officer, late.caseId), late.accountId);
  await officer.getByRole('tab', { name: 'Publications', exact: true }).click();
  await expect(officer.getByTestId('publications-status')).toContainText('at least two newspapers');
  await expect(officer.getByTestId('publication-form')).toBeVisible();
  await expectNoAxeViolations(officer);
  await recordPossessionPapers(officer, late.caseId, late.businessDate);
  await officer.reload();
  await officer.getByRole('tab', { name: 'Publications', exact: true }).click();
  await expect(officer.getByTestId('publications-POSSESSION_NOTICE')).toContainText('Lokmat');
  await expectNoAxeViolations(officer);
  await step(officer, late, 'submit', 'AgencyAllocation', possessionFields(late.businessDate));
});

/** The possession's record on the given day (Possession Detail Capture). */
function possessionFields(day: string) {
  return {
    witness1Name: SARFAESI_CASE.witness1Name,
    witness2Name: SARFAESI_CASE.witness2Name,
    possessionNewspapers: SARFAESI_CASE.possessionNewspapers,
    possessionDate: day,
    possessionNoticeAffixedDate: day,
    possessionPublicationDate: day,
  };
}

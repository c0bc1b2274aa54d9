import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Database, DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, type TestDatabaseKind } from '@recovery-desk/db/test-database.ts';
import { accountObligors, yards } from '@recovery-desk/db/secured-assets-schema.ts';
import { matchesCondition, type CaseFields } from '@recovery-desk/domain/workflow/case-fields.ts';
import type { CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import { findStage, type ActionName, type WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { REPOSSESSION_DEFINITION } from '@recovery-desk/domain/workflow/definitions/repossession.ts';
import { SARFAESI_DEFINITION } from '@recovery-desk/domain/workflow/definitions/sarfaesi.ts';
import { allAuthorities } from '@recovery-desk/domain/workflow/testing.ts';
import { amountToMinor } from '@recovery-desk/domain/secured-assets/valuations.ts';
import { INVENTORY_CAPTURE_STAGE, type InventoryReply } from '@recovery-desk/domain/secured-assets/inventory.ts';
import {
  REPOSSESSION_CASE as REPOSSESSION_SAMPLE,
  SAMPLE_INVENTORIES,
  samplePublications,
  SARFAESI_CASE as SARFAESI_SAMPLE,
} from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import {
  publicationFields,
  publicationPurposeOf,
  type PublicationsReply,
} from '@recovery-desk/domain/secured-assets/publications.ts';
import { solidPng } from '../../src/documents/solid-png.ts';
import { withTransaction } from '../../src/db/transaction.ts';
import { startCaseInTx } from '../../src/modules/workflow/services/start-case.ts';
import type { Config } from '../../src/config.ts';
import { createAccount, createAddress, createOrg, type Org, type TestAccount } from '../collections/factories.ts';
import { BUSINESS_DATE, createUser, ensureOrganisation, type TestUnit, type TestUser } from '../factories.ts';
import { pdfText } from '../legal/pdf-text.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  act,
  apiAs,
  caseView,
  rows,
  setBusinessDate,
  testDeps,
  unitContextOf,
  uploadDocument,
  type Api,
} from '../workflow/factories.ts';

// Repossession and SARFAESI data for one test: staff of the repoapp (a maker in the branch and a checker in the zone,
// each with every authority of both workflows), secured accounts with the borrower's address and co-obligors, cases
// started through the engine, and a walker that fills each stage's form from a sample case and uploads the
// documents the stage needs.

export const DEFINITIONS: Record<string, WorkflowDefinition> = {
  REPOSSESSION: REPOSSESSION_DEFINITION,
  SARFAESI: SARFAESI_DEFINITION,
};

const ALL_AUTHORITIES = [
  ...new Set([...allAuthorities(REPOSSESSION_DEFINITION), ...allAuthorities(SARFAESI_DEFINITION)]),
];

export async function createRepoStaff(
  db: Database,
  unit: TestUnit,
  options: { fullName?: string; authorities?: readonly string[] } = {},
): Promise<TestUser> {
  return createUser(db, {
    ...(options.fullName ? { fullName: options.fullName } : {}),
    units: [
      {
        unit,
        grants: { repoapp: (options.authorities ?? ALL_AUTHORITIES).map((code) => ({ system_auth: code, tabs: [] })) },
      },
    ],
  });
}

export type Staff = { maker: TestUser; checker: TestUser; makerApi: Api; checkerApi: Api; db: Database };

export async function createStaff(t: TestApp, org: Org): Promise<Staff> {
  const maker = await createRepoStaff(t.db, org.branch, { fullName: 'Rohan Maker' });
  const checker = await createRepoStaff(t.db, org.zone, { fullName: 'Chitra Checker' });
  return {
    maker,
    checker,
    makerApi: await apiAs(t, maker, org.branch),
    checkerApi: await apiAs(t, checker, org.zone),
    db: t.db,
  };
}

/** What a secured-assets test file works with: its database, the app, an organisation, and the maker and checker. */
export type SecuredAssetsSuite = { handle: DatabaseHandle; t: TestApp; org: Org; staff: Staff };

/**
 * Opens a test file's database of the kind with the organisation at `businessDate` (default BUSINESS_DATE), the app
 * (with `config`), an organisation of units and its maker and checker; closeSecuredAssets undoes it.
 */
export async function openSecuredAssets(
  kind: TestDatabaseKind,
  options: { businessDate?: string; config?: Partial<Config> } = {},
): Promise<SecuredAssetsSuite> {
  const handle = await openTestDatabase(kind);
  await ensureOrganisation(handle.db);
  if (options.businessDate) await setBusinessDate(handle.db, options.businessDate);
  const t = await createTestApp(handle.db, options.config ? { config: options.config } : {});
  const org = await createOrg(handle.db);
  return { handle, t, org, staff: await createStaff(t, org) };
}

/** Puts the business date back and closes the app and the database (what of them was opened). */
export async function closeSecuredAssets(handle: DatabaseHandle | undefined, t: TestApp | undefined): Promise<void> {
  if (handle) await setBusinessDate(handle.db, BUSINESS_DATE);
  await t?.close();
  await handle?.close();
}

/** A secured NPA account of the unit with the borrower's residence address and, optionally, co-obligors. */
export async function createSecuredAccount(
  db: Database,
  unit: TestUnit,
  options: {
    product?: 'AUTO' | 'HOME';
    customerName?: string;
    /** the principal outstanding (interest 12,000.50 and charges 750.25 come with every test account) */
    principal?: string;
    coObligors?: { role: 'CO_BORROWER' | 'GUARANTOR'; name: string; address?: string }[];
  } = {},
): Promise<TestAccount> {
  const account = await createAccount(db, {
    unit,
    dpd: 120,
    totalDue: '45000.00',
    product: options.product ?? 'AUTO',
    ...(options.customerName ? { customerName: options.customerName } : {}),
    ...(options.principal ? { principal: options.principal } : {}),
  });
  await createAddress(db, account.customerId);
  for (const obligor of options.coObligors ?? []) {
    await db.insert(accountObligors).values({ accountId: account.id, ...obligor });
  }
  return account;
}

/** Starts a case of the workflow on the account, as the maker. */
export async function startCase(
  t: TestApp,
  maker: TestUser,
  unit: TestUnit,
  definitionCode: 'REPOSSESSION' | 'SARFAESI',
  accountId: number,
): Promise<{ caseId: number; caseNo: string }> {
  return withTransaction(t.db, (tx) =>
    startCaseInTx(
      tx,
      testDeps(t),
      { ...unitContextOf(maker, unit), app: 'repoapp' },
      {
        definitionCode,
        accountId,
        fields: {},
      },
    ),
  );
}

const CHECKER_ACTIONS = new Set<ActionName>(['approve', 'reject', 'pushback']);

/** The values of the stage's form fields that apply, taken from `sample`. */
export function formOf(definition: WorkflowDefinition, stageCode: string, sample: CaseFields, current: CaseFields) {
  const stage = findStage(definition, stageCode)!;
  const merged = { ...current, ...sample };
  const values: Record<string, string | number | boolean | null> = {};
  for (const field of stage.fields) {
    if (!matchesCondition(field.when, merged)) continue;
    const value = sample[field.name];
    if (value !== undefined) values[field.name] = value as string | number | boolean | null;
  }
  return values;
}

/** Uploads the stage's required documents that apply and are not on the case yet (generated ones count). */
export async function uploadMissing(api: Api, view: CaseView, definition: WorkflowDefinition, fields: CaseFields) {
  const stage = findStage(definition, view.case.stage)!;
  const needed = [
    ...stage.documents.filter((doc) => doc.required && matchesCondition(doc.when, fields)).map((doc) => doc.code),
    ...stage.actions.flatMap((action) => action.requiredDocuments),
  ];
  for (const code of new Set(needed)) {
    if (view.documents.some((document) => document.code === code)) continue;
    const response = await uploadDocument(api, view.case.caseId, code);
    if (response.statusCode !== 200) throw new Error(`upload of ${code} failed: ${response.body}`);
  }
}

const minorOf = (value: unknown): number | null => (typeof value === 'string' ? amountToMinor(value) : null);

/** The sample's valuation as a valuation of the Valuations tab (the stage's amount fields as one valuer's report). */
export function sampleValuation(sample: CaseFields, valuerName = 'Sample Valuers LLP') {
  const market = minorOf(sample.valuationAmount) ?? minorOf(sample.fairMarketValue) ?? 0;
  const distress = minorOf(sample.distressValue) ?? 0;
  const realisable = minorOf(sample.realisableValue) ?? Math.max(distress, minorOf(sample.reservePrice) ?? distress);
  return {
    valuerName,
    valuationDate: String(sample.valuationDate),
    marketValueMinor: market,
    realisableValueMinor: Math.min(realisable, market),
    distressValueMinor: distress,
    reportReference: 'VR-1',
  };
}

/** Submitting Capture Valuation Details needs the policy's valuations: the walker adds the sample's when none. */
async function addSampleValuations(api: Api, caseId: number, action: ActionName, sample: CaseFields) {
  if (action !== 'submit') return;
  const view = await caseView(api, caseId);
  if (view.case.stage !== 'CaptureValDtl') return;
  const current = await api.get(`/api/secured-assets/cases/${caseId}/valuations`);
  if (current.json<{ valuations: unknown[] }>().valuations.length > 0) return;
  const response = await api.post(`/api/secured-assets/cases/${caseId}/valuations`, sampleValuation(sample));
  if (response.statusCode !== 200) throw new Error(`valuation failed: ${response.body}`);
}

/** A PNG photo of the vehicle (made locally), for the inventory's photos. */
export const PHOTO_PNG = solidPng(16, 12, [200, 40, 40]);

/** Submitting Asset Detail Capture needs a complete inventory: the walker saves the sample's (and a photo) when none. */
async function addSampleInventory(api: Api, caseId: number, action: ActionName) {
  if (action !== 'submit') return;
  const view = await caseView(api, caseId);
  if (view.case.stage !== INVENTORY_CAPTURE_STAGE) return;
  const url = `/api/secured-assets/cases/${caseId}/inventory`;
  const current = (await api.get(url)).json<InventoryReply>();
  if (current.missing.includes('inventory')) {
    const sample = SAMPLE_INVENTORIES[view.case.definitionCode]!;
    const response = await api.inject({ method: 'PUT', url, payload: sample });
    if (response.statusCode !== 200) throw new Error(`inventory failed: ${response.body}`);
  }
  if (current.missing.includes('photos')) {
    const response = await uploadDocument(api, caseId, current.photoCode, {
      content: PHOTO_PNG,
      fileName: 'front.png',
    });
    if (response.statusCode !== 200) throw new Error(`photo failed: ${response.body}`);
  }
}

/**
 * Submitting a SARFAESI publication stage needs its notice in two papers with scans: the walker records the sample's
 * (its newspapers field split, English first, then the vernacular) when the rule is not met yet.
 */
async function addSamplePublications(api: Api, caseId: number, action: ActionName, sample: CaseFields) {
  if (action !== 'submit') return;
  const view = await caseView(api, caseId);
  const purpose = publicationPurposeOf(view.case.stage);
  if (view.case.definitionCode !== 'SARFAESI' || !purpose) return;
  const url = `/api/secured-assets/cases/${caseId}/publications`;
  const current = (await api.get(url)).json<PublicationsReply>();
  const papers = samplePublications(purpose, sample);
  if (!papers) return;
  const recorded = current.publications.filter((paper) => paper.purpose === purpose);
  const same = JSON.stringify(publicationFields(recorded)) === JSON.stringify(publicationFields(papers));
  if (current.missing.length === 0 && same) return;
  // the step's form carries the sample's newspapers and date: the record is made to match them
  for (const paper of recorded) {
    const removed = await api.inject({ method: 'DELETE', url: `${url}/${paper.id}` });
    if (removed.statusCode !== 200) throw new Error(`publication removal failed: ${removed.body}`);
  }
  for (const paper of papers) {
    const upload = await uploadDocument(api, caseId, current.scanCode!);
    if (upload.statusCode !== 200) throw new Error(`scan failed: ${upload.body}`);
    const scan = upload
      .json<CaseView>()
      .documents.filter((document) => document.code === current.scanCode)
      .reduce((newest, document) => (document.documentId > newest.documentId ? document : newest));
    const response = await api.post(url, { ...paper, scanDocumentId: scan.documentId });
    if (response.statusCode !== 200) throw new Error(`publication failed: ${response.body}`);
  }
}

/**
 * Submitting REPOSSESSION Asset Detail Capture needs the vehicle in a yard: the walker records its yard-in (on the
 * sample's yard-in date) in the sample's yard of the maker's unit, added to the register when missing.
 */
async function addSampleYardIn(db: Database, api: Api, caseId: number, action: ActionName, sample: CaseFields) {
  if (action !== 'submit') return;
  const view = await caseView(api, caseId);
  if (view.case.definitionCode !== 'REPOSSESSION' || view.case.stage !== INVENTORY_CAPTURE_STAGE) return;
  const current = await api.get(`/api/secured-assets/cases/${caseId}/yard`);
  if (current.json<{ current: unknown }>().current !== null) return;
  const name = String(sample.yardName ?? 'Test Yard');
  let [yard] = await db
    .select({ id: yards.id })
    .from(yards)
    .where(and(eq(yards.name, name), eq(yards.unitId, api.unit.id)));
  if (!yard) {
    [yard] = await db
      .insert(yards)
      .values({ name, address: 'Plot 9, MIDC', capacity: 50, unitId: api.unit.id })
      .returning({ id: yards.id });
  }
  const inDate = String(sample.yardInDate ?? sample.repossessionDate);
  const response = await api.post(`/api/secured-assets/cases/${caseId}/yard-in`, {
    yardId: yard!.id,
    inDate,
    condition: 'GOOD',
  });
  if (response.statusCode !== 200) throw new Error(`yard-in failed: ${response.body}`);
}

/**
 * One step: the maker (or, for approve/reject/pushback, the checker) applies `action` at the case's stage with the
 * stage's form from `sample`, after uploading what the stage needs; answers the reply.
 */
export async function step(
  staff: Staff,
  caseId: number,
  action: ActionName,
  sample: CaseFields,
): Promise<LightMyRequestResponse> {
  const api = CHECKER_ACTIONS.has(action) ? staff.checkerApi : staff.makerApi;
  await addSampleValuations(staff.makerApi, caseId, action, sample);
  await addSampleInventory(staff.makerApi, caseId, action);
  await addSampleYardIn(staff.db, staff.makerApi, caseId, action, sample);
  await addSamplePublications(staff.makerApi, caseId, action, sample);
  const view = await caseView(staff.makerApi, caseId);
  const definition = DEFINITIONS[view.case.definitionCode]!;
  const fields = formOf(definition, view.case.stage, sample, view.case.fields);
  await uploadMissing(staff.makerApi, view, definition, { ...view.case.fields, ...fields });
  return act(api, caseId, action, Object.keys(fields).length > 0 ? { fields } : {});
}

/** The repossession sample sold by direct sale for 3,95,000.00 (with the sample's 18,500.00 of expenses). */
export const REPO_DIRECT_SALE: CaseFields = {
  ...REPOSSESSION_SAMPLE,
  disposalMode: 'DIRECT_SALE',
  saleAmount: '395000.00',
};

/**
 * A REPOSSESSION case on a new auto loan of the unit (principal as given), walked by the maker and checker on the
 * business date `date` (left there) by the direct-sale path to Closure with the REPO_DIRECT_SALE sample; not closed.
 */
export async function walkRepossessionToClosure(
  t: TestApp,
  staff: Staff,
  unit: TestUnit,
  principal: string,
  date: string,
): Promise<{ caseId: number; accountId: number }> {
  await setBusinessDate(t.db, date);
  const secured = await createSecuredAccount(t.db, unit, { principal });
  const { caseId } = await startCase(t, staff.maker, unit, 'REPOSSESSION', secured.id);
  await walk(staff, caseId, repossessionSteps('RepoInitiate', 'Closure'), REPO_DIRECT_SALE);
  return { caseId, accountId: secured.id };
}

/**
 * A SARFAESI case on a new home loan of the unit (principal as given), walked by the maker and checker from initiation
 * to its sale certificate (possession in April, the rest on 2026-09-30) and closed: sold for the sample's 39,50,000.00
 * less 45,000.00 of expenses. The business date is left at 2026-09-30.
 */
export async function closeSarfaesiSale(
  t: TestApp,
  staff: Staff,
  unit: TestUnit,
  principal: string,
): Promise<{ caseId: number; accountId: number }> {
  const secured = await createSecuredAccount(t.db, unit, { product: 'HOME', principal });
  const { caseId } = await startCase(t, staff.maker, unit, 'SARFAESI', secured.id);
  const sample = { ...SARFAESI_SAMPLE, policeIntimationDate: '2026-03-30' };
  await setBusinessDate(t.db, '2026-04-12');
  await walk(staff, caseId, sarfaesiSteps('SarfInitiate', 'AgencyAllocation'), sample);
  await setBusinessDate(t.db, '2026-09-30');
  await walk(staff, caseId, sarfaesiSteps('AgencyAllocation', 'SarfClosure'), sample);
  const closed = await step(staff, caseId, 'close', sample);
  if (closed.statusCode !== 200) throw new Error(`close: ${closed.statusCode} ${closed.body}`);
  return { caseId, accountId: secured.id };
}

/** As step(), and the case must then be at `expected`. */
export async function stepOk(
  staff: Staff,
  caseId: number,
  action: ActionName,
  expected: string,
  sample: CaseFields,
): Promise<CaseView> {
  const response = await step(staff, caseId, action, sample);
  if (response.statusCode !== 200) throw new Error(`${action}: ${response.statusCode} ${response.body}`);
  const view = response.json<CaseView>();
  if (view.case.stage !== expected) throw new Error(`${action} led to ${view.case.stage}, expected ${expected}`);
  return view;
}

/** One step of a walk: the action, and the stage the case must then be at. */
export type Step = readonly [ActionName, string];

/** Applies the steps in turn, each as stepOk() with the sample's forms. */
export async function walk(staff: Staff, caseId: number, steps: readonly Step[], sample: CaseFields): Promise<void> {
  for (const [action, next] of steps) await stepOk(staff, caseId, action, next, sample);
}

/**
 * The steps of `path` (a workflow's steps from its initial stage) that take a case at the stage `from` to the stage
 * `to`; throws when the path does not go from the one to the other.
 */
function pathPart(path: readonly Step[], initialStage: string, from: string, to: string): Step[] {
  const start = from === initialStage ? 0 : path.findIndex(([, stage]) => stage === from) + 1;
  const end = path.findIndex(([, stage]) => stage === to) + 1;
  if ((start === 0 && from !== initialStage) || end <= start) throw new Error(`no steps from ${from} to ${to}`);
  return path.slice(start, end);
}

/** The direct-sale path of a REPOSSESSION case, from its initiation to Closure. */
export const REPOSSESSION_DIRECT_SALE_STEPS: readonly Step[] = [
  ['recommend', 'RepoInitiateApproval'],
  ['approve', 'Notice'],
  ['submit', 'KitGeneration'],
  ['submit', 'AssetDtlCapture'],
  ['submit', 'ValuationAgcAllocation'],
  ['submit', 'CaptureValDtl'],
  ['submit', 'ValuationCompletion'],
  ['approve', 'FprAllocation'],
  ['submit', 'DisposalIdentification'],
  ['approve', 'DirectSale'],
  ['submit', 'AssetSaleNotice'],
  ['submit', 'AssetSale'],
  ['submit', 'AssetSaleApproval'],
  ['approve', 'Closure'],
];

/**
 * The steps of the REPOSSESSION direct-sale path from the stage `from` (RepoInitiate for the start) to the stage `to`;
 * up to Disposal Identification it is also the auction path.
 */
export const repossessionSteps = (from: string, to: string): Step[] =>
  pathPart(REPOSSESSION_DIRECT_SALE_STEPS, REPOSSESSION_DEFINITION.initialStage, from, to);

/** The sale path of a SARFAESI case, from its initiation to the sale certificate at Closure. */
export const SARFAESI_SALE_STEPS: readonly Step[] = [
  ['recommend', 'SarfInitiateApprove'],
  ['approve', 'NoticeCapture'],
  ['submit', 'NoticeApproval'],
  ['approve', 'NewspaperPublication'],
  ['submit', 'TypeIdentification'],
  ['submit', 'PreIntimationNotice'],
  ['submit', 'PossessionDtlCapture'],
  ['submit', 'AgencyAllocation'],
  ['submit', 'DmUpdate'],
  ['submit', 'OrderCapture'],
  ['submit', 'KitGeneration'],
  ['submit', 'AssetDtlCapture'],
  ['submit', 'ValAgencyAllocation'],
  ['submit', 'CaptureValDtl'],
  ['submit', 'ValCompletion'],
  ['approve', 'FprAllocation'],
  ['submit', 'PvrCapture'],
  ['submit', 'DisposalIdentification'],
  ['submit', 'BasePriceInitiate'],
  ['recommend', 'BasePriceApprove'],
  ['approve', 'BatchGen'],
  ['submit', 'AuctionNotice'],
  ['submit', 'UploadArtwork'],
  ['submit', 'ConfirmArtwork'],
  ['approve', 'PublicationUpload'],
  ['submit', 'AllocateAuctionAgency'],
  ['submit', 'AssetAuctionCapture'],
  ['submit', 'AuctionApproval'],
  ['approve', 'AssetSaleNotice'],
  ['submit', 'AssetSale'],
  ['submit', 'AssetSaleApproval'],
  ['approve', 'SarfClosure'],
];

/** The steps of the SARFAESI sale path from the stage `from` (SarfInitiate for the start) to the stage `to`. */
export const sarfaesiSteps = (from: string, to: string): Step[] =>
  pathPart(SARFAESI_SALE_STEPS, SARFAESI_DEFINITION.initialStage, from, to);

export type GeneratedDocument = { id: number; code: string; stage: string; documentName: string; text: string };

/** The generated documents of a case, oldest first, with the text their PDF shows (line breaks as spaces). */
export async function generatedDocuments(db: Database, caseId: number): Promise<GeneratedDocument[]> {
  const found = await rows<{ id: number; code: string; stage: string; documentName: string; content: Uint8Array }>(
    db,
    sql`select id, code, stage, document_name as "documentName", content from case_documents
      where case_id = ${caseId} and is_generated order by id`,
  );
  return Promise.all(
    found.map(async ({ content, ...document }) => ({
      ...document,
      text: (await pdfText(content)).replace(/\s*\n\s*/g, ' '),
    })),
  );
}

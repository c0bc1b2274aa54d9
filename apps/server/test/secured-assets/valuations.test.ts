import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import type { ValuationsReply } from '@recovery-desk/domain/secured-assets/valuations.ts';
import { REPOSSESSION_CASE } from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import type { CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import type { Org } from '../collections/factories.ts';
import { auditRows, type TestApp } from '../support/test-app.ts';
import { act, apiAs, caseView, errorOf, rows, type Api } from '../workflow/factories.ts';
import {
  createRepoStaff,
  createSecuredAccount,
  DEFINITIONS,
  startCase,
  stepOk,
  uploadMissing,
  type Staff,
  closeSecuredAssets,
  openSecuredAssets,
} from './factories.ts';

// Valuations of a repossession case (the assetValuations widget's API): added at Capture Valuation Details by the
// stage's authority, the case's valuation fields derived from them (a SAVE_FIELDS step), the policy's count enforced
// when the stage is submitted, read-only afterwards, the reserve suggested at FPR allocation, 404 for other units.

const valuation = (over: Partial<Record<string, unknown>> = {}) => ({
  valuerName: 'Shree Valuers',
  valuationDate: '2026-06-29',
  marketValueMinor: 41_000_000,
  realisableValueMinor: 38_000_000,
  distressValueMinor: 35_000_000,
  reportReference: 'SV/2026/17',
  ...over,
});

describe.each(testDatabaseKinds())('asset valuations (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let staff: Staff;
  let caseId: number;
  let caseNo: string;

  beforeAll(async () => {
    // two valuations above ₹0 outstanding: every repossession case of this app needs two
    ({ handle, t, org, staff } = await openSecuredAssets(kind, {
      businessDate: '2026-06-30',
      config: { repoSecondValuationAboveMinor: 0 },
    }));
    const account = await createSecuredAccount(handle.db, org.branch);
    ({ caseId, caseNo } = await startCase(t, staff.maker, org.branch, 'REPOSSESSION', account.id));
    await stepOk(staff, caseId, 'recommend', 'RepoInitiateApproval', REPOSSESSION_CASE);
    await stepOk(staff, caseId, 'approve', 'Notice', REPOSSESSION_CASE);
    await stepOk(staff, caseId, 'submit', 'KitGeneration', REPOSSESSION_CASE);
    await stepOk(staff, caseId, 'submit', 'AssetDtlCapture', REPOSSESSION_CASE);
    await stepOk(staff, caseId, 'submit', 'ValuationAgcAllocation', REPOSSESSION_CASE);
    await stepOk(staff, caseId, 'submit', 'CaptureValDtl', REPOSSESSION_CASE);
  });
  afterAll(() => closeSecuredAssets(handle, t));

  const url = () => `/api/secured-assets/cases/${caseId}/valuations`;
  const read = async (api: Api) => (await api.get(url())).json<ValuationsReply>();
  /** Submit with the derived fields as they stand (the valuation report uploaded). */
  const submitForm = async (api: Api, typed = false) => {
    const view = await caseView(api, caseId);
    await uploadMissing(api, view, DEFINITIONS.REPOSSESSION!, view.case.fields);
    const { valuationDate, valuationAmount, distressValue, assetCondition } = REPOSSESSION_CASE as Record<
      string,
      string
    >;
    // typed: the maker fills the form by hand (no valuations derived it)
    const fields: Record<string, string> = typed
      ? {
          valuationDate: valuationDate!,
          valuationAmount: valuationAmount!,
          distressValue: distressValue!,
          assetCondition: assetCondition!,
        }
      : { assetCondition: assetCondition! };
    return act(api, caseId, 'submit', { fields });
  };

  it('refuses submitting Capture Valuation Details with fewer valuations than the policy asks for', async () => {
    const before = await read(staff.makerApi);
    expect(before).toMatchObject({ editable: true, valuations: [], derived: null, currency: 'INR' });
    expect(before.policy).toEqual({ required: 2, reason: 'REPO_HIGH_OUTSTANDING', thresholdMinor: 0 });

    const none = await submitForm(staff.makerApi, true);
    expect(none.statusCode).toBe(409);
    expect(errorOf(none).detail).toContain(`Case ${caseNo} has 0 valuations; 2 are required`);
  });

  it('derives the case valuation fields from the valuations, audited and in the case history', async () => {
    const added = await staff.makerApi.post(url(), valuation());
    expect(added.statusCode).toBe(200);
    let reply = added.json<ValuationsReply>();
    expect(reply.valuations).toHaveLength(1);
    let view = await caseView(staff.makerApi, caseId);
    expect(view.case.fields).toMatchObject({
      valuationAmount: '410000.00',
      distressValue: '350000.00',
      valuationDate: '2026-06-29',
    });
    const one = await submitForm(staff.makerApi);
    expect(one.statusCode).toBe(409);
    expect(errorOf(one).detail).toContain('has 1 valuation; 2 are required');

    // the second, lower valuation: the case takes the lowest values and the latest date
    reply = (
      await staff.makerApi.post(
        url(),
        valuation({
          valuerName: 'Apex Auto Valuers',
          valuationDate: '2026-06-30',
          marketValueMinor: 39_500_050,
          realisableValueMinor: 36_000_000,
          distressValueMinor: 34_000_000,
        }),
      )
    ).json<ValuationsReply>();
    expect(reply.derived).toEqual({
      marketValueMinor: 39_500_050,
      realisableValueMinor: 36_000_000,
      distressValueMinor: 34_000_000,
      valuationDate: '2026-06-30',
    });
    view = await caseView(staff.makerApi, caseId);
    expect(view.case.fields).toMatchObject({ valuationAmount: '395000.50', valuationDate: '2026-06-30' });
    const history = await rows<{ changes: unknown }>(
      handle.db,
      sql`select changes from case_events where case_id = ${caseId} and action = 'SAVE_FIELDS' order by id`,
    );
    expect(JSON.stringify(history)).toContain('395000.50');
    const audits = await auditRows(handle.db, { action: 'secured_assets.valuation_add', entityId: caseId });
    expect(audits).toHaveLength(2);

    // a change and a removal are audited too
    const changed = await staff.makerApi.inject({
      method: 'PUT',
      url: `${url()}/${reply.valuations[1]!.id}`,
      payload: valuation({
        valuerName: 'Apex Auto Valuers',
        valuationDate: '2026-06-30',
        marketValueMinor: 40_000_000,
      }),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<ValuationsReply>().derived!.marketValueMinor).toBe(40_000_000);
    const third = (await staff.makerApi.post(url(), valuation({ valuerName: 'Spare' }))).json<ValuationsReply>();
    const removed = await staff.makerApi.inject({ method: 'DELETE', url: `${url()}/${third.valuations[2]!.id}` });
    expect(removed.json<ValuationsReply>().valuations).toHaveLength(2);
    expect(await auditRows(handle.db, { action: 'secured_assets.valuation_update', entityId: caseId })).toHaveLength(1);
    expect(await auditRows(handle.db, { action: 'secured_assets.valuation_remove', entityId: caseId })).toHaveLength(1);
  });

  it('answers 400 naming the field for bad values', async () => {
    const higher = await staff.makerApi.post(url(), valuation({ realisableValueMinor: 50_000_000 }));
    expect(higher.statusCode).toBe(400);
    expect(errorOf(higher).fields).toContain('realisableValueMinor');
    const fraction = await staff.makerApi.post(url(), valuation({ marketValueMinor: 10.5 }));
    expect(fraction.statusCode).toBe(400);
    expect(errorOf(fraction).fields).toContain('marketValueMinor');
    const future = await staff.makerApi.post(url(), valuation({ valuationDate: '2026-07-15' }));
    expect(future.statusCode).toBe(400);
    expect(errorOf(future).fields).toContain('valuationDate');
    expect((await read(staff.makerApi)).valuations).toHaveLength(2);
  });

  it('answers 404 to another unit and 403 without the capture authority', async () => {
    const foreign = await apiAs(t, await createRepoStaff(handle.db, org.foreign), org.foreign);
    expect((await foreign.get(url())).statusCode).toBe(404);
    expect((await foreign.post(url(), valuation())).statusCode).toBe(404);
    const reader = await apiAs(
      t,
      await createRepoStaff(handle.db, org.branch, { authorities: ['REPO_VAL_COMP_SAUTH'] }),
      org.branch,
    );
    expect((await read(reader)).editable).toBe(false);
    const refused = await reader.post(url(), valuation());
    expect(refused.statusCode).toBe(403);
  });

  it('is read-only after the capture stage, and suggests the lowest realisable value as the reserve price', async () => {
    const submitted = await submitForm(staff.makerApi);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json<CaseView>().case.stage).toBe('ValuationCompletion');
    expect((await read(staff.checkerApi)).editable).toBe(false);
    const late = await staff.makerApi.post(url(), valuation());
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe('WRONG_STAGE');

    await stepOk(staff, caseId, 'approve', 'FprAllocation', REPOSSESSION_CASE);
    const atFpr = await read(staff.makerApi);
    expect(atFpr).toMatchObject({ atReserveStage: true, suggestedReserveMinor: 38_000_000, editable: false });
  });
});

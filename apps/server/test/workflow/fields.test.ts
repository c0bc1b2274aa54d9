import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { caseViewSchema } from '@recovery-desk/domain/workflow/contracts.ts';
import { ensureOrganisation } from '../factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';
import {
  act,
  apiAs,
  caseView,
  createLegalCase,
  createLegalOrg,
  errorOf,
  rows,
  type Api,
  type LegalCaseContext,
} from './factories.ts';

describe.each(testDatabaseKinds())('workflow stage form (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  async function context(): Promise<LegalCaseContext & { managerApi: Api }> {
    const org = await createLegalOrg(handle.db);
    return {
      t,
      org,
      officerApi: await apiAs(t, org.officer, org.branch),
      managerApi: await apiAs(t, org.manager, org.zone),
    };
  }

  const eventCount = async (caseId: number) =>
    (
      await rows<{ n: number }>(handle.db, sql`select count(*)::int as n from case_events where case_id = ${caseId}`)
    )[0]!.n;

  it('saves valid values of the stage form as a new version, with the changes in the history', async () => {
    const ctx = await context();
    const legal = await createLegalCase(ctx, { stage: 'INITIATE' });
    const url = `/api/workflow/cases/${legal.caseId}/fields`;
    const response = await ctx.officerApi.post(url, {
      version: 2,
      fields: { claimAmount: '180000.50', returnMemoReceivedDate: '2026-03-20', initiationNote: 'EMI cheque returned' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const view = caseViewSchema.parse(response.json());
    expect(view.case).toMatchObject({ version: 3, stage: 'INITIATE', status: 'Initiated', dueOn: '2026-04-19' });
    expect(view.case.fields).toEqual({
      caseType: 'S138',
      claimAmount: '180000.50',
      returnMemoReceivedDate: '2026-03-20',
      initiationNote: 'EMI cheque returned',
    });
    expect(view.history.at(-1)).toMatchObject({
      action: 'SAVE_FIELDS',
      fromStage: 'INITIATE',
      toStage: 'INITIATE',
      changes: [
        { field: 'claimAmount', from: null, to: '180000.50' },
        { field: 'returnMemoReceivedDate', from: null, to: '2026-03-20' },
        { field: 'initiationNote', from: null, to: 'EMI cheque returned' },
      ],
    });
    const audit = await auditRows(handle.db, { action: 'case.save_fields', entityId: legal.caseId });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toEqual({ stage: 'INITIATE', status: 'Initiated', version: 2 });

    // Clearing a value and changing another; an unchanged save writes nothing.
    const second = await ctx.officerApi.post(url, {
      version: 3,
      fields: { initiationNote: null, claimAmount: '180000.50' },
    });
    expect(caseViewSchema.parse(second.json()).history.at(-1)!.changes).toEqual([
      { field: 'initiationNote', from: 'EMI cheque returned', to: null },
    ]);
    const events = await eventCount(legal.caseId);
    const same = await ctx.officerApi.post(url, { version: 4, fields: { claimAmount: '180000.50' } });
    expect(same.statusCode).toBe(200);
    expect(caseViewSchema.parse(same.json()).case.version).toBe(4);
    expect(await eventCount(legal.caseId)).toBe(events);
  });

  it('judges a save as Submit does: a value a later change makes wrong is refused on that save, not only on Submit', async () => {
    const ctx = await context();
    const legal = await createLegalCase(ctx, { stage: 'COURT_CASE_UPDATE' });
    const url = `/api/workflow/cases/${legal.caseId}/fields`;
    let view = await caseView(ctx.officerApi, legal.caseId);
    // The next hearing date is saved while the hearing date is still empty: nothing to compare it with yet.
    const first = await ctx.officerApi.post(url, {
      version: view.case.version,
      fields: { outcome: 'ADJOURNED', nextHearingDate: '2026-03-20' },
    });
    expect(first.statusCode, first.body).toBe(200);
    view = caseViewSchema.parse(first.json());

    // Entering the hearing date makes the saved next hearing date (before it) wrong: Save says so at once.
    const second = await ctx.officerApi.post(url, {
      version: view.case.version,
      fields: { hearingDate: '2026-03-25' },
    });
    expect(second.statusCode, second.body).toBe(400);
    const saveError = errorOf(second);
    expect(saveError.fields).toEqual(['fields.nextHearingDate']);

    // Submit with the same values refuses the same field with the same message.
    const submit = await ctx.officerApi.post(`/api/workflow/cases/${legal.caseId}/actions`, {
      action: 'recommend',
      version: view.case.version,
      expectedStage: 'COURT_CASE_UPDATE',
      fields: { hearingDate: '2026-03-25' },
    });
    expect(submit.statusCode, submit.body).toBe(400);
    expect(errorOf(submit).fields).toContain('fields.nextHearingDate');
    expect(submit.json().fields).toContainEqual(second.json().fields[0]);
  });

  it('refuses invalid values, fields of other stages, stale versions, other stages’ users and closed cases', async () => {
    const ctx = await context();
    const legal = await createLegalCase(ctx, { stage: 'INITIATE' });
    const url = `/api/workflow/cases/${legal.caseId}/fields`;
    const refused: [unknown, number, string, string[]][] = [
      [{ version: 2, fields: { chequeDate: '2026-04-30' } }, 400, 'VALIDATION', ['fields.chequeDate']],
      [{ version: 2, fields: { claimAmount: '12.345' } }, 400, 'VALIDATION', ['fields.claimAmount']],
      [
        { version: 2, fields: { micrCode: '12AB', bounceReason: 'LOST' } },
        400,
        'VALIDATION',
        ['fields.micrCode', 'fields.bounceReason'],
      ],
      [{ version: 2, fields: { advocateName: 'R K Sharma' } }, 400, 'VALIDATION', ['fields.advocateName']],
      [{ version: 2, fields: { madeUp: 'x' } }, 400, 'VALIDATION', ['fields.madeUp']],
      [{ version: 2, fields: { '1bad': 'x' } }, 400, 'VALIDATION', []],
      [{ version: 2, fields: { claimAmount: 'a\u0000b' } }, 400, 'VALIDATION', ['fields.claimAmount']],
      [{ version: 2 }, 400, 'VALIDATION', ['fields']],
      [{ version: 1, fields: { claimAmount: '1.00' } }, 409, 'STALE_VERSION', []],
    ];
    for (const [body, status, code, fields] of refused) {
      const response = await ctx.officerApi.post(url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(errorOf(response).code).toBe(code);
      expect(errorOf(response).fields).toEqual(expect.arrayContaining(fields));
    }
    const chequeDate = await ctx.officerApi.post(url, { version: 2, fields: { chequeDate: '2026-04-30' } });
    expect(errorOf(chequeDate).detail).toBe('fields.chequeDate: Date should be on or before 31/03/2026');
    const notEditable = await ctx.officerApi.post(url, { version: 2, fields: { advocateName: 'R K Sharma' } });
    expect(errorOf(notEditable).detail).toBe('fields.advocateName: is not editable at this stage');

    const manager = await ctx.managerApi.post(url, { version: 2, fields: { claimAmount: '1.00' } });
    expect(manager.statusCode).toBe(403);
    expect(errorOf(manager).code).toBe('AUTHORITY_MISSING');
    expect((await caseView(ctx.officerApi, legal.caseId)).case.version).toBe(2);

    expect((await act(ctx.officerApi, legal.caseId, 'decline', { remarks: 'Not fit for legal' })).statusCode).toBe(200);
    const closed = await ctx.officerApi.post(url, { version: 3, fields: { claimAmount: '1.00' } });
    expect(closed.statusCode).toBe(409);
    expect(errorOf(closed).code).toBe('CASE_CLOSED');
  });
});

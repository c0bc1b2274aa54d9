import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { legalSettingsSchema, type LegalSettings } from '@recovery-desk/domain/legal/contracts.ts';
import { DEFAULT_NOTICE_TEMPLATES, NOTICE_PLACEHOLDERS } from '@recovery-desk/domain/legal/notice-templates.ts';
import { DEFAULT_LEGAL_POOL_RULE } from '@recovery-desk/domain/legal/pool-rule.ts';
import { DEFAULT_LEGAL_TIMELINES } from '@recovery-desk/domain/workflow/definitions/legal.ts';
import { ensureOrganisation } from '../factories.ts';
import { apiAs, createOrg, errorOf, type Api, type Org } from '../collections/factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';
import {
  actOk,
  addCaseDocument,
  caseView,
  createLegalStaff,
  createPoolAccount,
  MANAGER_AUTHORITIES,
  OFFICER_AUTHORITIES,
  resetLegalSettings,
} from './factories.ts';

// Legal Settings: the pool rule, the timelines (a change publishes a new LEGAL definition version: new cases start
// on it, open cases keep theirs) and the notice templates, under an optimistic version.

describe.each(testDatabaseKinds())('legal settings (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let officer: Api;
  let manager: Api;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
    officer = await apiAs(t, await createLegalStaff(handle.db, org.branch, OFFICER_AUTHORITIES), org.branch);
    manager = await apiAs(t, await createLegalStaff(handle.db, org.branch, MANAGER_AUTHORITIES), org.branch);
  });
  afterEach(async () => {
    await resetLegalSettings(handle.db);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  const settings = async (): Promise<LegalSettings> => {
    const response = await manager.inject({ method: 'GET', url: '/api/legal/settings' });
    expect(response.statusCode, response.body).toBe(200);
    return legalSettingsSchema.parse(response.json());
  };
  const put = (body: Record<string, unknown>) =>
    manager.inject({ method: 'PUT', url: '/api/legal/settings', payload: body });

  it('reads the seeded rule, timelines, templates and the active definition version', async () => {
    const current = await settings();
    expect(current.poolRule).toEqual(DEFAULT_LEGAL_POOL_RULE);
    expect(current.timelines).toEqual(DEFAULT_LEGAL_TIMELINES);
    expect(current.definitionVersion).toBe(1);
    expect(current.templates.map((template) => template.caseType)).toEqual([
      'S138',
      'S25',
      'CIVIL_SUIT',
      'ARBITRATION',
      'DRT',
    ]);
    expect(current.templates[0]).toEqual({
      caseType: 'S138',
      title: DEFAULT_NOTICE_TEMPLATES[0]!.title,
      body: DEFAULT_NOTICE_TEMPLATES[0]!.body,
    });
    expect(current.placeholders).toEqual([...NOTICE_PLACEHOLDERS]);
  });

  it('changes the pool rule (and so the pool), audited with before and after', async () => {
    const account = await createPoolAccount(handle.db, { unit: org.branch, totalDue: '60000.00' });
    const inPool = async () =>
      (await officer.get(`/api/legal/pool?q=${account.accountNo}`)).json<{ count: number }>().count === 1;
    expect(await inPool()).toBe(true);

    const before = await settings();
    const rule = { ...DEFAULT_LEGAL_POOL_RULE, minOverdue: '75000.00' };
    const response = await put({ version: before.version, poolRule: rule });
    expect(response.statusCode, response.body).toBe(200);
    const after = legalSettingsSchema.parse(response.json());
    expect(after).toMatchObject({
      version: before.version + 1,
      poolRule: rule,
      definitionVersion: before.definitionVersion,
    });
    expect(await inPool()).toBe(false);
    const reasons = (await officer.get(`/api/legal/pool/accounts/${account.id}`)).json<{ ineligibility: string[] }>();
    expect(reasons.ineligibility).toEqual(['PoolReasonOverdue']);

    const audit = (await auditRows(handle.db, { action: 'legal.settings_update' })).at(-1)!;
    expect(audit.before).toMatchObject({ version: before.version, poolRule: DEFAULT_LEGAL_POOL_RULE });
    expect(audit.after).toMatchObject({ version: before.version + 1, poolRule: rule });
  });

  it('refuses a stale version with 409 and a bad placeholder with 400 naming the template, changing nothing', async () => {
    const before = await settings();
    const stale = await put({ version: before.version + 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('STALE_VERSION');

    const template = before.templates[0]!;
    const bad = await put({
      version: before.version,
      poolRule: { ...DEFAULT_LEGAL_POOL_RULE, minDpd: 30 },
      templates: [{ ...template, body: `${template.body}\n\nDear {{customerNmae}}, see {{dueDate}}.` }],
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual(['templates.0.body']);
    expect(errorOf(bad).detail).toContain('{{customerNmae}}');
    expect(errorOf(bad).detail).toContain('{{dueDate}}');
    expect(await settings()).toEqual(before);

    const badRule = await put({ version: before.version, poolRule: { ...DEFAULT_LEGAL_POOL_RULE, products: [] } });
    expect(badRule.statusCode).toBe(400);
    expect(errorOf(badRule).fields).toEqual(['poolRule.products']);
  });

  it('replaces a notice template', async () => {
    const before = await settings();
    const body = 'Date: {{noticeDate}}\n\nDear {{customerName}}, pay {{claimAmount}} within {{paymentDays}} days.';
    const response = await put({
      version: before.version,
      templates: [{ caseType: 'CIVIL_SUIT', title: 'Demand notice', body }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = legalSettingsSchema.parse(response.json());
    expect(after.templates.find((template) => template.caseType === 'CIVIL_SUIT')).toEqual({
      caseType: 'CIVIL_SUIT',
      title: 'Demand notice',
      body,
    });
    expect(after.templates.find((template) => template.caseType === 'S138')).toEqual(before.templates[0]);
  });

  it('publishes new timelines as a new definition version: open cases keep theirs, new cases start on it', async () => {
    const submitToFilingApproval = async () => {
      const account = await createPoolAccount(handle.db, { unit: org.branch });
      const response = await officer.post('/api/legal/pool/initiate', {
        accountIds: [account.id],
        caseType: 'CIVIL_SUIT',
      });
      expect(response.statusCode, response.body).toBe(200);
      const caseId = response.json<{ cases: { caseId: number }[] }>().cases[0]!.caseId;
      await addCaseDocument(officer, caseId, 'loanAgreement');
      await addCaseDocument(officer, caseId, 'statementOfAccount');
      return actOk(officer, caseId, 'recommend', { stage: 'FILING_APPROVAL', status: 'Recommended' });
    };
    const sla = (view: Awaited<ReturnType<typeof caseView>>) =>
      view.stageDates.find((date) => date.rule === 'FILING_APPROVAL_SLA')?.date;

    const before = await settings();
    const oldCase = await submitToFilingApproval();
    expect(oldCase.case.definitionVersion).toBe(before.definitionVersion);
    expect(oldCase.case.dueOn).toBe('2026-04-03');

    const response = await put({
      version: before.version,
      timelines: { ...before.timelines, approvalSlaDays: 10 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = legalSettingsSchema.parse(response.json());
    expect(after.definitionVersion).toBe(before.definitionVersion + 1);
    expect(after.timelines.approvalSlaDays).toBe(10);

    const newCase = await submitToFilingApproval();
    expect(newCase.case.definitionVersion).toBe(after.definitionVersion);
    expect(newCase.case.dueOn).toBe('2026-04-10');
    expect(sla(newCase)).toBe('2026-04-10');

    // The old case, pushed back and recommended again, still runs on its version's 3-day SLA.
    await actOk(
      manager,
      oldCase.case.caseId,
      'pushback',
      { stage: 'INITIATE', status: 'Pushback' },
      { remarks: 'Recheck' },
    );
    const again = await actOk(officer, oldCase.case.caseId, 'recommend', {
      stage: 'FILING_APPROVAL',
      status: 'Recommended',
    });
    expect(again.case.definitionVersion).toBe(before.definitionVersion);
    expect(again.case.dueOn).toBe('2026-04-03');
    expect(sla(again)).toBe('2026-04-03');

    // Saving the same timelines again publishes nothing.
    const same = await put({ version: after.version, timelines: after.timelines });
    expect(legalSettingsSchema.parse(same.json()).definitionVersion).toBe(after.definitionVersion);
  });
});

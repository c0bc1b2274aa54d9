import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { repoSettingsSchema, type RepoSettings } from '@recovery-desk/domain/repo/contracts.ts';
import type { WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { DEFAULT_REPOSSESSION_TIMELINES } from '@recovery-desk/domain/workflow/definitions/repossession.ts';
import {
  DEFAULT_SARFAESI_TIMELINES,
  SARFAESI_BUILT_IN_VERSION,
  SARFAESI_DEFINITION,
} from '@recovery-desk/domain/workflow/definitions/sarfaesi.ts';
import { BUILT_IN_WORKFLOWS } from '@recovery-desk/domain/workflow/definitions/catalogue.ts';
import { ensureReferenceData } from '@recovery-desk/db/reference-data.ts';
import { BUSINESS_DATE, ensureOrganisation } from '../factories.ts';
import { apiAs, createOrg, errorOf, type Api, type Org } from '../collections/factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';
import { rows } from '../workflow/factories.ts';
import { createRepoStaff, startRepoCase } from './factories.ts';

// Repossession Settings (/Repo/Settings, REPO_SETTINGS_SAUTH): the REPOSSESSION and SARFAESI timelines. A change
// publishes a new definition version built from them: new cases start on it, open cases keep theirs.

describe.each(testDatabaseKinds())('repossession settings (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let admin: Api;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
    admin = await apiAs(t, await createRepoStaff(handle.db, org.ho, ['REPO_SETTINGS_SAUTH']), org.ho);
  });
  afterAll(async () => {
    await handle.db.execute(sql`delete from workflow_settings`);
    await t.close();
    await handle.close();
  });

  const settings = async (): Promise<RepoSettings> => {
    const response = await admin.get('/api/repo/settings');
    expect(response.statusCode, response.body).toBe(200);
    return repoSettingsSchema.parse(response.json());
  };
  const put = (code: string, body: Record<string, unknown>) =>
    admin.inject({ method: 'PUT', url: `/api/repo/settings/${code}`, payload: body });
  const activeDefinition = async (code: string): Promise<WorkflowDefinition> => {
    const [row] = await rows<{ definition: WorkflowDefinition }>(
      handle.db,
      sql`select definition from workflow_definitions where code = ${code} and status = 'ACTIVE'`,
    );
    return row!.definition;
  };

  /** Starts the reference data as an upgraded server would: its built-in SARFAESI `ahead` versions past today's. */
  const startUpgradedSarfaesi = (ahead: number) =>
    ensureReferenceData(handle.db, {
      organisationName: 'Test Lender Ltd',
      businessDate: BUSINESS_DATE,
      builtInWorkflows: BUILT_IN_WORKFLOWS.map((workflow) =>
        workflow.definition.code === 'SARFAESI'
          ? { definition: { ...SARFAESI_DEFINITION, version: SARFAESI_BUILT_IN_VERSION + ahead } }
          : workflow,
      ),
    });

  it('reads the built-in timelines of both workflows and their active versions', async () => {
    const current = await settings();
    expect(current.workflows.map((workflow) => workflow.code)).toEqual(['REPOSSESSION', 'SARFAESI']);
    expect(current.workflows[0]).toMatchObject({
      labelKey: 'RepoSettingsRepossession',
      timelines: DEFAULT_REPOSSESSION_TIMELINES,
      definitionVersion: (await activeDefinition('REPOSSESSION')).version,
      version: 0,
    });
    expect(current.workflows[1]).toMatchObject({ timelines: DEFAULT_SARFAESI_TIMELINES, version: 0 });
  });

  it('publishes a new version on a timelines change: new cases start on it, open cases keep theirs', async () => {
    const officer = await createRepoStaff(handle.db, org.branch, ['REPO_INITIATE_SAUTH', 'SARF_INIT_SAUTH']);
    const before = await startRepoCase(t, officer, org.branch, 'SARFAESI');
    const initial = await settings();
    const oldVersion = initial.workflows[1]!.definitionVersion;

    const response = await put('SARFAESI', {
      timelines: { ...DEFAULT_SARFAESI_TIMELINES, demandNoticeDays: 75 },
      version: 0,
    });
    expect(response.statusCode, response.body).toBe(200);
    const changed = repoSettingsSchema.parse(response.json());
    expect(changed.workflows[1]).toMatchObject({
      timelines: { ...DEFAULT_SARFAESI_TIMELINES, demandNoticeDays: 75 },
      definitionVersion: oldVersion + 1,
      version: 1,
    });
    // Repossession is untouched.
    expect(changed.workflows[0]).toMatchObject({
      version: 0,
      definitionVersion: initial.workflows[0]!.definitionVersion,
    });

    const active = await activeDefinition('SARFAESI');
    expect(active.version).toBe(oldVersion + 1);
    const rule = active.dateRules.find((entry) => entry.name === 'SARF_13_2_NOTICE_PERIOD')!;
    expect(rule.offsetDays).toBe(75);
    expect(rule.label).toContain('75 days');

    const after = await startRepoCase(t, officer, org.branch, 'SARFAESI');
    expect(before.definitionVersion).toBe(oldVersion);
    expect(after.definitionVersion).toBe(oldVersion + 1);

    const [audit] = await auditRows(handle.db, { action: 'workflow.timelines_update', entityId: 'SARFAESI' });
    expect(audit).toMatchObject({
      before: { version: 0, timelines: DEFAULT_SARFAESI_TIMELINES },
      after: { version: 1, definitionVersion: oldVersion + 1 },
    });

    // Saving the same timelines again publishes nothing.
    const same = await put('SARFAESI', { timelines: changed.workflows[1]!.timelines, version: 1 });
    expect(same.statusCode, same.body).toBe(200);
    expect(repoSettingsSchema.parse(same.json()).workflows[1]).toMatchObject({
      definitionVersion: oldVersion + 1,
      version: 2,
    });
  });

  it('keeps the stored timelines when an upgrade publishes a new built-in version at start', async () => {
    const before = await activeDefinition('SARFAESI');
    expect(before.dateRules.find((rule) => rule.name === 'SARF_13_2_NOTICE_PERIOD')?.offsetDays).toBe(75);
    await startUpgradedSarfaesi(1);
    const after = await activeDefinition('SARFAESI');
    expect(after.version).toBe(before.version + 1);
    expect(after.dateRules.find((rule) => rule.name === 'SARF_13_2_NOTICE_PERIOD')?.offsetDays).toBe(75);
    expect((await settings()).workflows[1]!.definitionVersion).toBe(after.version);
  });

  it('reads and upgrades timelines stored before a version added one (SARFAESI releaseDays, version 13)', async () => {
    const before = await activeDefinition('SARFAESI');
    const current = (await settings()).workflows[1]!;
    // as stored by a server before version 13: its own numbers, and no releaseDays
    const { releaseDays: _added, ...older } = current.timelines as typeof DEFAULT_SARFAESI_TIMELINES;
    await handle.db.execute(
      sql`update workflow_settings set timelines = ${JSON.stringify(older)}::jsonb where definition_code = 'SARFAESI'`,
    );
    const read = (await settings()).workflows[1]!;
    expect(read.timelines).toEqual({ ...older, releaseDays: DEFAULT_SARFAESI_TIMELINES.releaseDays });

    await startUpgradedSarfaesi(2);
    const after = await activeDefinition('SARFAESI');
    expect(after.version).toBe(before.version + 1);
    // the installation's §13(2) period is kept, and the new release rule takes its default
    const offsets = Object.fromEntries(after.dateRules.map((rule) => [rule.name, rule.offsetDays]));
    expect(offsets).toMatchObject({ SARF_13_2_NOTICE_PERIOD: 75, SARF_RELEASE_DUE: 7 });

    const changed = await put('SARFAESI', { timelines: { ...read.timelines, releaseDays: 5 }, version: read.version });
    expect(changed.statusCode, changed.body).toBe(200);
    const release = (await activeDefinition('SARFAESI')).dateRules.find((rule) => rule.name === 'SARF_RELEASE_DUE');
    expect([release?.offsetDays, release?.label]).toEqual([
      5,
      'Release within 5 days of the redemption payment being realised',
    ]);
  });

  it('refuses a stale version (409) and bad timelines (400 naming the field)', async () => {
    const current = await settings();
    const repo = current.workflows[0]!;
    const stale = await put('REPOSSESSION', { timelines: DEFAULT_REPOSSESSION_TIMELINES, version: repo.version + 5 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('STALE_VERSION');

    const bad = await put('REPOSSESSION', {
      timelines: { ...DEFAULT_REPOSSESSION_TIMELINES, valuationDays: 0 },
      version: repo.version,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual(['timelines.valuationDays']);

    const missing = await put('REPOSSESSION', { timelines: { saleDays: 60 }, version: repo.version });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields[0]).toMatch(/^timelines\./);

    const unknown = await put('LEGAL', { timelines: {}, version: 0 });
    expect(unknown.statusCode).toBe(400);
    expect((await settings()).workflows[0]!.definitionVersion).toBe(repo.definitionVersion);
  });

  it('lets exactly one of two concurrent changes at the same version win', async () => {
    const current = (await settings()).workflows[0]!;
    const [a, b] = await Promise.all([
      put('REPOSSESSION', { timelines: { ...DEFAULT_REPOSSESSION_TIMELINES, saleDays: 80 }, version: current.version }),
      put('REPOSSESSION', { timelines: { ...DEFAULT_REPOSSESSION_TIMELINES, saleDays: 70 }, version: current.version }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const after = (await settings()).workflows[0]!;
    expect(after.version).toBe(current.version + 1);
    expect(after.definitionVersion).toBe(current.definitionVersion + 1);
  });

  it('is refused (403) without REPO_SETTINGS_SAUTH', async () => {
    const viewer = await apiAs(t, await createRepoStaff(handle.db, org.ho, ['DASH_REPO_SAUTH']), org.ho);
    const read = await viewer.get('/api/repo/settings');
    expect(read.statusCode).toBe(403);
    expect(errorOf(read).code).toBe('AUTHORITY_MISSING');
    const write = await viewer.inject({
      method: 'PUT',
      url: '/api/repo/settings/REPOSSESSION',
      payload: { timelines: DEFAULT_REPOSSESSION_TIMELINES, version: 0 },
    });
    expect(write.statusCode).toBe(403);
  });
});

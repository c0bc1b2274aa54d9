import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { findStage, WORKFLOW_EFFECTS } from '@recovery-desk/domain/workflow/definition.ts';
import {
  buildLegalDefinition,
  DEFAULT_LEGAL_TIMELINES,
  LEGAL_DEFINITION,
} from '@recovery-desk/domain/workflow/definitions/legal.ts';
import { REPOSSESSION_DEFINITION } from '@recovery-desk/domain/workflow/definitions/repossession.ts';
import { SARFAESI_DEFINITION } from '@recovery-desk/domain/workflow/definitions/sarfaesi.ts';
import { REPOSSESSION_CASE } from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import { withTransaction } from '../../src/db/transaction.ts';
import { AppError } from '../../src/http/app-error.ts';
import {
  activeDefinition,
  loadDefinition,
  publishDefinitionVersion,
} from '../../src/modules/workflow/services/definitions.ts';
import { EffectRegistry, registerWorkflowEffects } from '../../src/modules/workflow/effects.ts';
import { applyCaseActionInTx } from '../../src/modules/workflow/services/apply-action.ts';
import { caseNumber, startCaseInTx } from '../../src/modules/workflow/services/start-case.ts';
import { createWorkflowEffects } from '../../src/workflow-effects.ts';
import { ensureOrganisation } from '../factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';
import {
  act,
  apiAs,
  caseView,
  createLegalCase,
  createLegalOrg,
  createLegalStaff,
  createNpaAccount,
  rows,
  testDeps,
  unitContextOf,
  uploadDocument,
  type Api,
  type LegalCaseContext,
} from './factories.ts';

describe('workflow effects registry', () => {
  it('has a handler for every effect the built-in workflows name; an unregistered one refuses with 503', () => {
    const registry = createWorkflowEffects();
    const named = new Set(
      LEGAL_DEFINITION.stages.flatMap((stage) => stage.actions.flatMap((action) => action.effects)),
    );
    expect([...named].sort()).toEqual([
      'generateLegalNotice',
      'notifyMaker',
      'placeLegalHold',
      'releaseLegalHold',
      'returnToPool',
      'scheduleHearingReminder',
    ]);
    for (const definition of [LEGAL_DEFINITION, REPOSSESSION_DEFINITION, SARFAESI_DEFINITION]) {
      const effects = definition.stages.flatMap((stage) => stage.actions.flatMap((action) => action.effects));
      for (const effect of effects) expect(registry.has(effect), `${definition.code} ${effect}`).toBe(true);
      expect(() => registry.require(effects)).not.toThrow();
    }
    expect(WORKFLOW_EFFECTS.filter((name) => !registry.has(name))).toEqual([]);
    // A registry the modules did not fill refuses, naming the missing step.
    const bare = new EffectRegistry();
    registerWorkflowEffects(bare);
    const unregistered = WORKFLOW_EFFECTS.filter((name) => !bare.has(name));
    expect(unregistered).toContain('generateRepoNotice');
    for (const effect of unregistered) {
      let error: unknown;
      try {
        bare.require(['notifyMaker', effect]);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503 });
      expect((error as AppError).message).toContain(`The ${effect} step is not available yet`);
    }
    expect(() => registry.register('notifyMaker', async () => {})).toThrow('registered twice');
  });

  it('numbers cases per workflow and business year', () => {
    expect(caseNumber('LEGAL', '2026-03-31', 123)).toBe('LGL/2026/000123');
    expect(caseNumber('REPOSSESSION', '2027-01-01', 1)).toBe('REP/2027/000001');
    expect(caseNumber('SARFAESI', '2026-12-31', 1234567)).toBe('SRF/2026/1234567');
  });
});

describe.each(testDatabaseKinds())('workflow definitions and case start (%s)', (kind) => {
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

  it('starts one open case per account and workflow, in scope, with valid starting values', async () => {
    const ctx = await context();
    const deps = testDeps(t);
    const officer = unitContextOf(ctx.org.officer, ctx.org.branch);
    const account = await createNpaAccount(handle.db, ctx.org.branch);
    const start = (fields: Record<string, string> = { caseType: 'S138' }, accountId = account.id) =>
      withTransaction(handle.db, (tx) =>
        startCaseInTx(tx, deps, officer, { definitionCode: 'LEGAL', accountId, fields }),
      );

    const started = await start();
    expect(started.caseNo).toMatch(/^LGL\/2026\/\d{6}$/);
    expect(started.version).toBe(1);
    const [row] = await rows<{ stage: string; status: string; unitId: number; unitPath: string; assigned: number }>(
      handle.db,
      sql`select stage, status, unit_id as "unitId", unit_path as "unitPath", assigned_user_id as assigned
        from cases where id = ${started.caseId}`,
    );
    expect(row).toEqual({
      stage: 'POOL',
      status: 'Initiated',
      unitId: ctx.org.branch.id,
      unitPath: ctx.org.branch.path,
      assigned: ctx.org.officer.id,
    });
    const audit = await auditRows(handle.db, { action: 'case.create', entityId: started.caseId });
    expect(audit[0]!.after).toMatchObject({ caseNo: started.caseNo, definitionVersion: 1, stage: 'POOL' });

    await expect(start()).rejects.toMatchObject({ code: 'CASE_ALREADY_OPEN', httpStatus: 409 });
    await expect(start()).rejects.toThrow(started.caseNo);

    const foreign = await createNpaAccount(handle.db, ctx.org.foreign);
    await expect(start({ caseType: 'S138' }, foreign.id)).rejects.toMatchObject({ code: 'NOT_FOUND', httpStatus: 404 });

    const other = await createNpaAccount(handle.db, ctx.org.branch);
    await expect(start({ caseType: 'S138', madeUp: 'x' }, other.id)).rejects.toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'fields.madeUp', message: 'is not editable at this stage' }],
    });
    await expect(start({ caseType: 'LOK_ADALAT' }, other.id)).rejects.toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'fields.caseType', message: 'Select a value from the list' }],
    });

    // Two starts racing for one account: one case, the other refused.
    const raced = await Promise.allSettled([
      start({ caseType: 'S138' }, other.id),
      start({ caseType: 'S25' }, other.id),
    ]);
    expect(raced.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refusal = raced.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(refusal.reason).toMatchObject({ code: 'CASE_ALREADY_OPEN' });
    const [open] = await rows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from cases where account_id = ${other.id} and not is_closed`,
    );
    expect(open!.n).toBe(1);

    // Once closed, the account can start a new case.
    const api = ctx.officerApi;
    expect((await act(api, started.caseId, 'decline', { remarks: 'Not fit for legal' })).statusCode).toBe(200);
    expect((await start()).caseId).toBeGreaterThan(started.caseId);
  });

  it('refuses an action whose effect the server cannot perform yet (503), writing nothing', async () => {
    const ctx = await context();
    const { org } = ctx;
    const initiator = await createLegalStaff(handle.db, org.branch, []);
    const approver = await createLegalStaff(handle.db, org.zone, []);
    await handle.db.execute(
      sql`insert into user_authorities (user_id, unit_id, app_code, system_auth, tabs)
        values (${initiator.id}, ${org.branch.id}, 'repoapp', 'REPO_INITIATE_SAUTH', '[]'),
          (${approver.id}, ${org.zone.id}, 'repoapp', 'REPO_INIT_APP_SAUTH', '[]')`,
    );
    const account = await createNpaAccount(handle.db, org.branch, { product: 'AUTO' });
    const started = await withTransaction(handle.db, (tx) =>
      startCaseInTx(tx, testDeps(t), unitContextOf(initiator, org.branch), {
        definitionCode: 'REPOSSESSION',
        accountId: account.id,
        fields: {},
      }),
    );
    expect(started.caseNo).toMatch(/^REP\/2026\/\d{6}$/);
    const initiatorApi = await apiAs(t, initiator, org.branch);
    const approverApi = await apiAs(t, approver, org.zone);
    const form = Object.fromEntries(
      findStage(REPOSSESSION_DEFINITION, 'RepoInitiate')!.fields.map((field) => [
        field.name,
        REPOSSESSION_CASE[field.name]!,
      ]),
    );
    for (const code of ['loanAgreement', 'registrationCertificate']) {
      expect((await uploadDocument(initiatorApi, started.caseId, code)).statusCode).toBe(200);
    }
    expect((await act(initiatorApi, started.caseId, 'recommend', { fields: form })).statusCode).toBe(200);
    const before = await caseView(approverApi, started.caseId);
    expect(before.case.stage).toBe('RepoInitiateApproval');

    // A server whose modules did not register the repossession effects.
    const bare = new EffectRegistry();
    registerWorkflowEffects(bare);
    const refused = await withTransaction(handle.db, (tx) =>
      applyCaseActionInTx(tx, { ...testDeps(t), workflowEffects: bare }, unitContextOf(approver, org.zone), {
        caseId: started.caseId,
        input: { action: 'approve', version: before.case.version, expectedStage: 'RepoInitiateApproval' },
      }),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503 });
    expect((refused as AppError).message).toContain('The generateRepoNotice step is not available yet');
    const after = await caseView(approverApi, started.caseId);
    expect(after.case).toMatchObject({ stage: 'RepoInitiateApproval', version: before.case.version });
    expect(after.history).toHaveLength(before.history.length);
  });

  it('loads pinned versions, and publishes a new ACTIVE version while open cases keep theirs', async () => {
    const ctx = await context();
    const v1 = await loadDefinition(handle.db, 'LEGAL', 1);
    expect(v1).toMatchObject({ code: 'LEGAL', version: 1, status: 'ACTIVE', app: 'legalapp' });
    expect(await loadDefinition(handle.db, 'LEGAL', 1)).toEqual(v1);
    await expect(loadDefinition(handle.db, 'LEGAL', 42)).rejects.toMatchObject({ code: 'NOT_FOUND', httpStatus: 404 });

    const onV1 = await createLegalCase(ctx, { stage: 'FILING_APPROVAL' });
    const timelines = { ...DEFAULT_LEGAL_TIMELINES, approvalSlaDays: 5 };
    const manager = unitContextOf(ctx.org.manager, ctx.org.zone);
    const published = await withTransaction(handle.db, (tx) =>
      publishDefinitionVersion(tx, manager, buildLegalDefinition(timelines, 1, 'DRAFT'), {
        builtInVersion: LEGAL_DEFINITION.version,
      }),
    );
    expect(published).toMatchObject({ code: 'LEGAL', version: 2, status: 'ACTIVE' });
    expect((await loadDefinition(handle.db, 'LEGAL', 1)).status).toBe('DEACTIVATED');
    expect((await activeDefinition(handle.db, 'LEGAL')).version).toBe(2);
    const audit = await auditRows(handle.db, { action: 'workflow.definition.publish', entityId: 'LEGAL@2' });
    expect(audit[0]).toMatchObject({
      before: { code: 'LEGAL', activeVersion: 1 },
      after: { code: 'LEGAL', activeVersion: 2 },
    });
    const reply = await ctx.officerApi.get('/api/workflow/definitions/LEGAL/1');
    expect(reply.json()).toMatchObject({ version: 1, status: 'DEACTIVATED' });

    // The open case still runs on version 1 (3-day SLA); a new case starts on version 2 (5 days).
    const pinned = await caseView(ctx.managerApi, onV1.caseId);
    expect(pinned.case.definitionVersion).toBe(1);
    expect(pinned.stageDates.find((date) => date.rule === 'FILING_APPROVAL_SLA')!.date).toBe('2026-04-03');
    expect((await act(ctx.managerApi, onV1.caseId, 'approve')).statusCode).toBe(200);
    const onV2 = await createLegalCase(ctx, { stage: 'FILING_APPROVAL' });
    const fresh = await caseView(ctx.managerApi, onV2.caseId);
    expect(fresh.case.definitionVersion).toBe(2);
    expect(fresh.stageDates.find((date) => date.rule === 'FILING_APPROVAL_SLA')!.date).toBe('2026-04-05');

    // A definition that fails the graph or catalogue checks is refused and nothing changes.
    const broken = buildLegalDefinition(timelines, 3);
    broken.stages[1] = { ...broken.stages[1]!, authority: 'NO_SUCH_SAUTH' };
    await expect(
      withTransaction(handle.db, (tx) => publishDefinitionVersion(tx, manager, broken, { builtInVersion: null })),
    ).rejects.toMatchObject({ code: 'VALIDATION', httpStatus: 400 });
    expect((await activeDefinition(handle.db, 'LEGAL')).version).toBe(2);
  });

  it('refuses to start cases when no version of the workflow is active', async () => {
    const ctx = await context();
    await handle.db.execute(sql`update workflow_definitions set status = 'DEACTIVATED' where code = 'SARFAESI'`);
    try {
      const account = await createNpaAccount(handle.db, ctx.org.branch);
      await expect(
        withTransaction(handle.db, (tx) =>
          startCaseInTx(tx, testDeps(t), unitContextOf(ctx.org.officer, ctx.org.branch), {
            definitionCode: 'SARFAESI',
            accountId: account.id,
            fields: {},
          }),
        ),
      ).rejects.toMatchObject({ code: 'DEFINITION_NOT_ACTIVE', httpStatus: 409 });
    } finally {
      await handle.db.execute(
        sql`update workflow_definitions set status = 'ACTIVE' where code = 'SARFAESI' and version = 1`,
      );
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { ensureReferenceData } from '@recovery-desk/db/reference-data.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import type { LegalSettings } from '@recovery-desk/domain/legal/contracts.ts';
import type { OpenCaseReply, StageTrayPage } from '@recovery-desk/domain/workflow/contracts.ts';
import { defineWorkflow, findStage, type WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { BUILT_IN_WORKFLOWS, type BuiltInWorkflow } from '@recovery-desk/domain/workflow/definitions/catalogue.ts';
import {
  buildLegalDefinition,
  DEFAULT_LEGAL_TIMELINES,
  LEGAL_DEFINITION,
} from '@recovery-desk/domain/workflow/definitions/legal.ts';
import { REPOSSESSION_DEFINITION } from '@recovery-desk/domain/workflow/definitions/repossession.ts';
import { SARFAESI_DEFINITION } from '@recovery-desk/domain/workflow/definitions/sarfaesi.ts';
import { withTransaction } from '../../src/db/transaction.ts';
import { startCaseInTx } from '../../src/modules/workflow/services/start-case.ts';
import { BUSINESS_DATE } from '../factories.ts';
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
  type LegalOrg,
} from './factories.ts';

// Upgrading an installation: the server publishes, at start, each built-in definition version its database lacks
// (packages/db/src/reference-data.ts). Before, only the first version was ever seeded, so a stage added in code had
// a tray route but no stage in the stored ACTIVE definition, and the tray answered 500.

/** Built-in LEGAL version 1 as an older server shipped it (the legal workflow of today, numbered 1). */
const LEGAL_V1: WorkflowDefinition = { ...LEGAL_DEFINITION, version: 1 };

/** Built-in LEGAL version 2: the same with a SCREENING stage added in code between the pool and Initiate Legal. */
function legalWithScreening(): WorkflowDefinition {
  const pool = findStage(LEGAL_V1, 'POOL')!;
  const initiate = findStage(LEGAL_V1, 'INITIATE')!;
  return defineWorkflow({
    ...LEGAL_V1,
    version: 2,
    stages: [
      {
        ...pool,
        actions: pool.actions.map((action) =>
          action.name === 'submit' ? { ...action, to: { stage: 'SCREENING' }, status: 'Submitted' } : action,
        ),
      },
      {
        code: 'SCREENING',
        labelKey: 'InitiateLegal',
        routeSlug: 'initiateLegal',
        authority: 'LEGAL_INIT_SAUTH',
        trayColumns: initiate.trayColumns,
        widgets: ['bounceCheque'],
        actions: [
          { name: 'submit', labelKey: 'Submit', to: { stage: 'INITIATE' }, status: 'Initiated', maker: 'actor' },
        ],
      },
      ...LEGAL_V1.stages.slice(1),
    ],
  });
}
const LEGAL_V2 = legalWithScreening();

const others: BuiltInWorkflow[] = [{ definition: REPOSSESSION_DEFINITION }, { definition: SARFAESI_DEFINITION }];

type StoredVersion = { version: number; status: string; builtInVersion: number | null };

describe.each(testDatabaseKinds())('built-in definition versions published at start (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp | null = null;

  const start = (builtInWorkflows: readonly BuiltInWorkflow[]) =>
    ensureReferenceData(handle.db, {
      organisationName: 'Test Lender Ltd',
      businessDate: BUSINESS_DATE,
      builtInWorkflows,
    });
  const stored = (code: string) =>
    rows<StoredVersion>(
      handle.db,
      sql`select version, status, built_in_version as "builtInVersion" from workflow_definitions
        where code = ${code} order by version`,
    );

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.close();
    await handle.close();
  });

  it('publishes a stage added in code on an existing installation; open cases keep their version', async () => {
    // An installation seeded and used by a server whose LEGAL built-in is version 1.
    await start([{ definition: LEGAL_V1 }, ...others]);
    expect(await stored('LEGAL')).toEqual([{ version: 1, status: 'ACTIVE', builtInVersion: 1 }]);
    t = await createTestApp(handle.db, {
      builtInDefinitions: [LEGAL_V1, REPOSSESSION_DEFINITION, SARFAESI_DEFINITION],
    });
    const org: LegalOrg = await createLegalOrg(handle.db);
    const onV1 = await createLegalCase(
      { t, org, officerApi: await apiAs(t, org.officer, org.branch) },
      { stage: 'FILING_APPROVAL' },
    );
    await t.close();

    // The upgraded server starts: its LEGAL built-in is version 2, which the database lacks.
    await start([{ definition: LEGAL_V2 }, ...others]);
    expect(await stored('LEGAL')).toEqual([
      { version: 1, status: 'DEACTIVATED', builtInVersion: 1 },
      { version: 2, status: 'ACTIVE', builtInVersion: 2 },
    ]);
    const [audit] = await auditRows(handle.db, { action: 'workflow.definition.publish_built_in', entityId: 'LEGAL@2' });
    expect(audit).toMatchObject({
      before: { code: 'LEGAL', activeVersion: 1, builtInVersion: 1 },
      after: { code: 'LEGAL', activeVersion: 2, builtInVersion: 2 },
    });
    // Every later start finds the version there and publishes nothing.
    await start([{ definition: LEGAL_V2 }, ...others]);
    expect(await stored('LEGAL')).toHaveLength(2);
    expect(await stored('REPOSSESSION')).toEqual([
      { version: 1, status: 'ACTIVE', builtInVersion: REPOSSESSION_DEFINITION.version },
    ]);

    t = await createTestApp(handle.db, {
      builtInDefinitions: [LEGAL_V2, REPOSSESSION_DEFINITION, SARFAESI_DEFINITION],
    });
    const officer = await apiAs(t, org.officer, org.branch);
    const manager = await apiAs(t, org.manager, org.zone);

    // The case opened on version 1 keeps it, and keeps working.
    expect((await caseView(manager, onV1.caseId)).case.definitionVersion).toBe(1);
    const approved = await act(manager, onV1.caseId, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ case: { stage: string; definitionVersion: number } }>().case).toMatchObject({
      stage: 'APPROVED_CASES',
      definitionVersion: 1,
    });

    // A new case starts on version 2 and reaches the stage added in code, whose tray answers.
    const account = await createNpaAccount(handle.db, org.branch);
    const started = await withTransaction(handle.db, (tx) =>
      startCaseInTx(tx, testDeps(t!), unitContextOf(org.officer, org.branch), {
        definitionCode: 'LEGAL',
        accountId: account.id,
        fields: { caseType: 'S138' },
      }),
    );
    const submitted = await act(officer, started.caseId, 'submit');
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json<{ case: { stage: string; definitionVersion: number } }>().case).toMatchObject({
      stage: 'SCREENING',
      definitionVersion: 2,
    });
    const tray = await officer.get('/api/workflow/LEGAL/stages/SCREENING/cases');
    expect(tray.statusCode, tray.body).toBe(200);
    expect(tray.json<StageTrayPage>().data.map((row) => row.caseNo)).toEqual([started.caseNo]);
    expect((await act(officer, started.caseId, 'submit')).statusCode).toBe(200);

    const open = await officer.get(`/api/workflow/LEGAL/accounts/${account.id}/open-case`);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json<OpenCaseReply>()).toEqual({
      caseId: started.caseId,
      caseNo: started.caseNo,
      stage: 'INITIATE',
      definitionVersion: 2,
    });
  });

  it('keeps an administrator’s legal timelines through an upgrade, and their later publication through restarts', async () => {
    await t?.close();
    t = null;
    await handle.close();
    handle = await openTestDatabase(kind);
    // An older server: LEGAL built-in version 1, then a timelines change published from it (version 2).
    await start([{ definition: LEGAL_V1 }, ...others]);
    const custom = { ...DEFAULT_LEGAL_TIMELINES, approvalSlaDays: 5 };
    await handle.db.execute(sql`update legal_settings set timelines = ${JSON.stringify(custom)}::jsonb`);
    await handle.db.execute(sql`update workflow_definitions set status = 'DEACTIVATED' where code = 'LEGAL'`);
    await handle.db.execute(
      sql`insert into workflow_definitions (code, version, status, app, definition, built_in_version)
        values ('LEGAL', 2, 'ACTIVE', 'legalapp',
          ${JSON.stringify({ ...LEGAL_V1, version: 2, status: 'ACTIVE' })}::jsonb, 1)`,
    );

    // This server's built-ins: the new LEGAL version is published under the stored timelines.
    await start(BUILT_IN_WORKFLOWS);
    expect(await stored('LEGAL')).toEqual([
      { version: 1, status: 'DEACTIVATED', builtInVersion: 1 },
      { version: 2, status: 'DEACTIVATED', builtInVersion: 1 },
      { version: 3, status: 'ACTIVE', builtInVersion: LEGAL_DEFINITION.version },
    ]);
    t = await createTestApp(handle.db);
    const org = await createLegalOrg(handle.db);
    const admin = await apiAs(t, await createLegalStaff(handle.db, org.zone, ['LEGAL_SETTINGS_SAUTH']), org.zone);
    const v3 = await admin.get('/api/workflow/definitions/LEGAL/3');
    expect(v3.statusCode, v3.body).toBe(200);
    const published = v3.json<{ definition: WorkflowDefinition }>().definition;
    expect(published).toEqual({ ...buildLegalDefinition(custom), version: 3, status: 'ACTIVE' });
    expect(findStage(published, 'NOTICE')!.widgets).toContain('noticeCopy');

    // The administrator changes the timelines again: that version stays ACTIVE across restarts.
    const settings = (await admin.get('/api/legal/settings')).json<LegalSettings>();
    const saved = await admin.inject({
      method: 'PUT',
      url: '/api/legal/settings',
      payload: { version: settings.version, timelines: { ...custom, approvalSlaDays: 7 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await start(BUILT_IN_WORKFLOWS);
    expect(await stored('LEGAL')).toEqual([
      { version: 1, status: 'DEACTIVATED', builtInVersion: 1 },
      { version: 2, status: 'DEACTIVATED', builtInVersion: 1 },
      { version: 3, status: 'DEACTIVATED', builtInVersion: LEGAL_DEFINITION.version },
      { version: 4, status: 'ACTIVE', builtInVersion: LEGAL_DEFINITION.version },
    ]);
  });
});

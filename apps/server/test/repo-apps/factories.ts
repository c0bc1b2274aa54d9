import type { Database } from '@recovery-desk/db/client.ts';
import { findStage } from '@recovery-desk/domain/workflow/definition.ts';
import { REPOSSESSION_DEFINITION } from '@recovery-desk/domain/workflow/definitions/repossession.ts';
import { REPOSSESSION_CASE } from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import { withTransaction } from '../../src/db/transaction.ts';
import { startCaseInTx } from '../../src/modules/workflow/services/start-case.ts';
import { createUser, type TestUnit, type TestUser } from '../factories.ts';
import type { TestApp } from '../support/test-app.ts';
import { sql } from 'drizzle-orm';
import {
  act,
  createNpaAccount,
  rows,
  testDeps,
  unitContextOf,
  uploadDocument,
  type Api,
} from '../workflow/factories.ts';

// Repossession app data for one test: repoapp staff, and REPOSSESSION / SARFAESI cases started through the
// workflow services (moved on through the routes).

export async function createRepoStaff(db: Database, unit: TestUnit, authorities: readonly string[]): Promise<TestUser> {
  return createUser(db, {
    units: [{ unit, grants: { repoapp: authorities.map((code) => ({ system_auth: code, tabs: [] })) } }],
  });
}

/** A case of `definitionCode` at its initial stage, on a new NPA auto-loan account of `unit`. */
export async function startRepoCase(
  t: TestApp,
  user: TestUser,
  unit: TestUnit,
  definitionCode: 'REPOSSESSION' | 'SARFAESI',
): Promise<{ caseId: number; caseNo: string; accountId: number; accountNo: string; definitionVersion: number }> {
  const account = await createNpaAccount(t.db, unit, { product: 'AUTO' });
  const started = await withTransaction(t.db, (tx) =>
    startCaseInTx(tx, testDeps(t), unitContextOf(user, unit), { definitionCode, accountId: account.id, fields: {} }),
  );
  const [pinned] = await rows<{ version: number }>(
    t.db,
    sql`select definition_version as version from cases where id = ${started.caseId}`,
  );
  return {
    caseId: started.caseId,
    caseNo: started.caseNo,
    accountId: account.id,
    accountNo: account.accountNo,
    definitionVersion: Number(pinned!.version),
  };
}

/** Recommends a repossession case from Repossession Initiate to its approval (form and documents through the routes). */
export async function recommendInitiation(api: Api, caseId: number): Promise<void> {
  const stage = findStage(REPOSSESSION_DEFINITION, 'RepoInitiate')!;
  for (const requirement of stage.documents) {
    const uploaded = await uploadDocument(api, caseId, requirement.code);
    if (uploaded.statusCode !== 200) throw new Error(`upload of ${requirement.code}: ${uploaded.body}`);
  }
  const fields = Object.fromEntries(
    stage.fields.flatMap((field) => {
      const value = REPOSSESSION_CASE[field.name];
      return value === undefined ? [] : [[field.name, value]];
    }),
  );
  const response = await act(api, caseId, 'recommend', { fields });
  if (response.statusCode !== 200) throw new Error(`recommend: ${response.statusCode} ${response.body}`);
}

import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { TrayCountCache } from '../../src/modules/collections/tray-count-cache.ts';
import { PrincipalCache } from '../../src/access/principal-cache.ts';
import { TrayNameDirectory } from '../../src/modules/collections/tray-name-directory.ts';
import pino from 'pino';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Database } from '@recovery-desk/db/client.ts';
import { organisation, userAuthorities } from '@recovery-desk/db/schema.ts';
import { matchesCondition, type CaseFields } from '@recovery-desk/domain/workflow/case-fields.ts';
import type { ActionInput, CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import { findStage, type ActionName } from '@recovery-desk/domain/workflow/definition.ts';
import { LEGAL_DEFINITION } from '@recovery-desk/domain/workflow/definitions/legal.ts';
import { LEGAL_S138_CASE } from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import type { AppDeps } from '../../src/deps.ts';
import { withTransaction } from '../../src/db/transaction.ts';
import { InProcessBus } from '../../src/cluster/bus.ts';
import { AttemptLimiter } from '../../src/http/rate-limit.ts';
import type { UnitContext } from '../../src/http/request-context.ts';
import { MailService } from '../../src/mail/mail-service.ts';
import { createAccessTokens } from '../../src/modules/auth/access-token.ts';
import { UnknownUserFailures } from '../../src/modules/auth/sign-in-throttle.ts';
import { applyCaseActionInTx } from '../../src/modules/workflow/services/apply-action.ts';
import { startCaseInTx } from '../../src/modules/workflow/services/start-case.ts';
import { createWorkflowEffects } from '../../src/workflow-effects.ts';
import { createAccount, createOrg, type Org, type TestAccount } from '../collections/factories.ts';
import { BUSINESS_DATE, createUser, type TestUnit, type TestUser } from '../factories.ts';
import { bearer, mintLoginCode, postToken, type TestApp } from '../support/test-app.ts';
import { DocumentStore } from '../../src/documents/document-store.ts';

// Legal workflow data for one test: an organisation with legal staff (legalapp authorities), NPA accounts, and
// legal cases walked to any stage through the workflow services (documents through the upload route).

/** A legal officer: every maker stage of the legal workflow. */
export const OFFICER_AUTHORITIES = [
  'LEGAL_POOL_SAUTH',
  'LEGAL_INIT_SAUTH',
  'LEGAL_APP_CASES_SAUTH',
  'LEAD_TEAM_TRAY_SAUTH',
  'LEGAL_NOTICE_SAUTH',
  'LEGAL_CASE_FILE_SAUTH',
  'COURT_CASE_UPDT_SUATH',
] as const;

/** A legal manager: every checker stage. */
export const MANAGER_AUTHORITIES = [
  'LEGAL_FILE_APP_SAUTH',
  'LEGAL_MANAGER_SAUTH',
  'COURT_CASE_APP_SUATH',
  'LEGAL_WITHDRAWAL_SUATH',
  'LEGAL_REJECT_TRAY_SAUTH',
] as const;

export async function createLegalStaff(
  db: Database,
  unit: TestUnit,
  authorities: readonly string[],
  options: { fullName?: string } = {},
): Promise<TestUser> {
  return createUser(db, {
    ...(options.fullName ? { fullName: options.fullName } : {}),
    units: [{ unit, grants: { legalapp: authorities.map((code) => ({ system_auth: code, tabs: [] })) } }],
  });
}

/** Adds authorities of an app to a user in a unit they already act in. */
export async function grantAuthorities(
  db: Database,
  user: TestUser,
  unit: TestUnit,
  app: string,
  authorities: readonly string[],
): Promise<void> {
  for (const code of authorities) {
    await db
      .insert(userAuthorities)
      .values({ userId: user.id, unitId: unit.id, appCode: app, systemAuth: code, tabs: [] });
  }
}

export type LegalOrg = Org & {
  /** maker of every stage, acting in the branch */
  officer: TestUser;
  /** checker of every approval stage, acting in the zone */
  manager: TestUser;
};

export async function createLegalOrg(db: Database): Promise<LegalOrg> {
  const org = await createOrg(db);
  const officer = await createLegalStaff(db, org.branch, OFFICER_AUTHORITIES, { fullName: 'Leela Officer' });
  const manager = await createLegalStaff(db, org.zone, MANAGER_AUTHORITIES, { fullName: 'Manohar Manager' });
  return { ...org, officer, manager };
}

/** An NPA account (120 days past due) of the unit. */
export function createNpaAccount(
  db: Database,
  unit: TestUnit,
  options: Omit<Parameters<typeof createAccount>[1], 'unit'> = {},
): Promise<TestAccount> {
  return createAccount(db, { dpd: 120, totalDue: '25000.00', ...options, unit });
}

/** The organisation's business date (tests that move it put BUSINESS_DATE back). */
export async function setBusinessDate(db: Database, date: string): Promise<void> {
  await db.update(organisation).set({ businessDate: date }).where(eq(organisation.id, 1));
}

/** What the services need from the app, built from the test app's own configuration, database and clock. */
export function testDeps(t: TestApp): AppDeps {
  const log = pino({ level: 'silent' });
  return {
    config: t.config,
    db: t.db,
    clock: t.clock,
    mail: new MailService({ db: t.db, transport: null, from: t.config.mailFrom, clock: t.clock, log }),
    limiter: new AttemptLimiter(t.db),
    accessTokens: createAccessTokens({ secret: t.config.jwtSecret, ttlSeconds: 900, clock: t.clock }),
    unknownUserFailures: new UnknownUserFailures(t.db),
    sso: null,
    jobs: t.app.jobs,
    log,
    bus: new InProcessBus(),
    trayCounts: new TrayCountCache(0),
    principals: new PrincipalCache(0, () => Date.now()),
    trayNames: new TrayNameDirectory(false),
    documents: new DocumentStore(t.config.documentDir),
    workflowEffects: createWorkflowEffects(),
  };
}

/** The request context of a user acting in a unit, for calling services directly. */
export function unitContextOf(user: TestUser, unit: TestUnit): UnitContext {
  return {
    requestId: randomUUID(),
    ip: '127.0.0.1',
    user: { id: user.id, username: user.username, email: user.email, fullName: user.fullName, familyId: 'test' },
    // a subtree scope (LIKE on the path) is right whether or not units lie below
    actingUnit: { id: unit.id, code: unit.code, path: unit.path, hasChildren: true },
    app: 'legalapp',
  };
}

export type Api = {
  user: TestUser;
  unit: TestUnit;
  get: (url: string) => Promise<LightMyRequestResponse>;
  post: (url: string, payload?: unknown) => Promise<LightMyRequestResponse>;
  inject: (options: InjectOptions) => Promise<LightMyRequestResponse>;
};

let address = 0;

/**
 * Signs the user in (each sign-in from its own client address, so a long test file stays under the per-address
 * sign-in limit) and returns calls carrying their token and acting unit.
 */
export async function apiAs(t: TestApp, user: TestUser, unit: TestUnit): Promise<Api> {
  address += 1;
  const remote = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  let response = await postToken(t, { username: user.username, password: user.password }, remote);
  if (response.statusCode === 401 && errorOf(response).code === 'OTP_REQUIRED') {
    // An approver: the code /sendOtpApi would mail.
    const otp = await mintLoginCode(t, user.username);
    response = await postToken(t, { username: user.username, password: user.password, otp }, remote);
  }
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const headers = bearer(response.json<{ access: string }>().access, unit.id);
  const inject = (options: InjectOptions) =>
    t.inject({ ...options, headers: { ...headers, ...(options.headers ?? {}) } });
  return {
    user,
    unit,
    inject,
    get: (url) => inject({ method: 'GET', url }),
    post: (url, payload) => inject({ method: 'POST', url, payload: (payload ?? {}) as object }),
  };
}

/** The `error_code`, field names and detail of an error reply. */
export function errorOf(response: LightMyRequestResponse): {
  code: string;
  fields: string[];
  detail: string;
  body: Record<string, unknown>;
} {
  const body = response.json<{ error_code: string; detail: string; fields?: { field: string }[] }>();
  return {
    code: body.error_code,
    fields: (body.fields ?? []).map((f) => f.field),
    detail: body.detail,
    body: body as Record<string, unknown>,
  };
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);

/** A multipart/form-data body: the text fields, then the file parts. */
export function multipart(
  fields: Record<string, string>,
  files: { field?: string; name: string; content: Buffer }[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----recovery-desk-workflow-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function uploadDocument(
  api: Api,
  caseId: number,
  code: string,
  options: { content?: Buffer; fileName?: string; documentName?: string; remark?: string } = {},
): Promise<LightMyRequestResponse> {
  const fields: Record<string, string> = { code };
  if (options.documentName) fields.documentName = options.documentName;
  if (options.remark) fields.remark = options.remark;
  return api.inject({
    method: 'POST',
    url: `/api/workflow/cases/${caseId}/documents`,
    ...multipart(fields, [{ name: options.fileName ?? `${code}.pdf`, content: options.content ?? PDF }]),
  });
}

export async function caseView(api: Api, caseId: number): Promise<CaseView> {
  const response = await api.get(`/api/workflow/cases/${caseId}`);
  if (response.statusCode !== 200) throw new Error(`case view failed: ${response.statusCode} ${response.body}`);
  return response.json<CaseView>();
}

/** Applies an action through the route with the version and stage the caller sees now. */
export async function act(
  api: Api,
  caseId: number,
  action: ActionName,
  extra: Partial<Omit<ActionInput, 'action'>> = {},
): Promise<LightMyRequestResponse> {
  const view = await caseView(api, caseId);
  return api.post(`/api/workflow/cases/${caseId}/actions`, {
    action,
    version: view.case.version,
    expectedStage: view.case.stage,
    ...extra,
  });
}

/** The canonical way forward from each stage of the legal workflow, and who takes it. */
export const LEGAL_PATH: Record<string, { action: ActionName; by: 'officer' | 'manager'; next: string }> = {
  POOL: { action: 'submit', by: 'officer', next: 'INITIATE' },
  INITIATE: { action: 'recommend', by: 'officer', next: 'FILING_APPROVAL' },
  FILING_APPROVAL: { action: 'approve', by: 'manager', next: 'APPROVED_CASES' },
  APPROVED_CASES: { action: 'submit', by: 'officer', next: 'TEAM_TRAY' },
  TEAM_TRAY: { action: 'recommend', by: 'officer', next: 'MANAGER' },
  MANAGER: { action: 'approve', by: 'manager', next: 'NOTICE' },
  NOTICE: { action: 'submit', by: 'officer', next: 'CASE_FILING' },
  CASE_FILING: { action: 'submit', by: 'officer', next: 'COURT_CASE_UPDATE' },
  COURT_CASE_UPDATE: { action: 'recommend', by: 'officer', next: 'COURT_UPDATE_APPROVAL' },
  COURT_UPDATE_APPROVAL: { action: 'approve', by: 'manager', next: 'COURT_CASE_UPDATE' },
};

/** The sample §138 case's values of a stage's own form fields. */
export function stageValues(stageCode: string, fields: CaseFields): Record<string, string | number | boolean | null> {
  const stage = findStage(LEGAL_DEFINITION, stageCode)!;
  const values: Record<string, string | number | boolean | null> = {};
  for (const field of stage.fields) {
    const value = fields[field.name];
    if (value !== undefined) values[field.name] = value;
  }
  return values;
}

export type LegalCaseContext = { t: TestApp; org: LegalOrg; officerApi: Api; managerApi?: Api };
export type LegalCase = { caseId: number; caseNo: string; account: TestAccount };

/** Uploads, through the route, the stage's required documents that apply and are not on the case yet. */
export async function uploadStageDocuments(api: Api, caseId: number, stageCode: string, fields: CaseFields) {
  const stage = findStage(LEGAL_DEFINITION, stageCode)!;
  const view = await caseView(api, caseId);
  for (const requirement of stage.documents) {
    if (!requirement.required || !matchesCondition(requirement.when, fields)) continue;
    if (view.documents.some((document) => document.code === requirement.code)) continue;
    const response = await uploadDocument(api, caseId, requirement.code);
    if (response.statusCode !== 200) throw new Error(`upload of ${requirement.code} failed: ${response.body}`);
  }
}

/**
 * A §138 legal case on a new NPA account of the branch (or `account`), started by the officer through
 * startCaseInTx and walked along LEGAL_PATH to `stage` with applyCaseActionInTx, each stage's form filled from
 * LEGAL_S138_CASE (with `fields` overriding it) and its required documents uploaded through the route.
 */
export async function createLegalCase(
  context: LegalCaseContext,
  options: { stage: string; fields?: CaseFields; account?: TestAccount; assignedUserId?: number | null },
): Promise<LegalCase> {
  const { t, org, officerApi } = context;
  const deps = testDeps(t);
  const fields: CaseFields = { ...LEGAL_S138_CASE, ...options.fields };
  const account = options.account ?? (await createNpaAccount(t.db, org.branch));
  const officerCtx = unitContextOf(org.officer, org.branch);
  const managerCtx = unitContextOf(org.manager, org.zone);
  const started = await withTransaction(t.db, (tx) =>
    startCaseInTx(tx, deps, officerCtx, {
      definitionCode: 'LEGAL',
      accountId: account.id,
      fields: { caseType: fields.caseType ?? 'S138' },
      ...(options.assignedUserId === undefined ? {} : { assignedUserId: options.assignedUserId }),
    }),
  );
  let stage = 'POOL';
  let version = started.version;
  while (stage !== options.stage) {
    const step = LEGAL_PATH[stage];
    if (!step) throw new Error(`no way from ${stage} to ${options.stage}`);
    if (step.by === 'officer') await uploadStageDocuments(officerApi, started.caseId, stage, fields);
    const input: ActionInput = { action: step.action, version, expectedStage: stage };
    const values = stageValues(stage, fields);
    if (Object.keys(values).length > 0) input.fields = values;
    const ctx = step.by === 'officer' ? officerCtx : managerCtx;
    const applied = await withTransaction(t.db, (tx) =>
      applyCaseActionInTx(tx, deps, ctx, { caseId: started.caseId, input }),
    );
    stage = applied.stage;
    version = applied.version;
    if (stage !== step.next) throw new Error(`${step.action} at ${input.expectedStage} led to ${stage}`);
  }
  return { caseId: started.caseId, caseNo: started.caseNo, account };
}

/** Rows of a raw query. */
export async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export { BUSINESS_DATE };

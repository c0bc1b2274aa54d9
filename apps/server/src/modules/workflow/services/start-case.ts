import type { CaseFields } from '@recovery-desk/domain/workflow/case-fields.ts';
import { definitionFields } from '@recovery-desk/domain/workflow/definition.ts';
import { validateFields } from '@recovery-desk/domain/workflow/field-validation.ts';
import { startCase, stageDueDate } from '@recovery-desk/domain/workflow/transition.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import type { Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import {
  findAccountInScope,
  findOpenCaseOfAccount,
  insertCase,
  insertCaseEvent,
  nextCaseSequence,
} from '../cases.repository.ts';
import { activeDefinition } from './definitions.ts';
import { NOT_EDITABLE, refusalError } from './refusals.ts';

/** Case number prefixes per workflow: LGL/2026/000123. */
export const CASE_NO_PREFIX: Record<string, string> = { LEGAL: 'LGL', REPOSSESSION: 'REP', SARFAESI: 'SRF' };

const OPEN_CASE_INDEX = 'cases_one_open_per_account_uq';

export type StartedCase = { caseId: number; caseNo: string; version: number };

export function caseNumber(definitionCode: string, businessDate: string, sequence: number): string {
  const prefix = CASE_NO_PREFIX[definitionCode] ?? definitionCode.slice(0, 3);
  return `${prefix}/${businessDate.slice(0, 4)}/${String(sequence).padStart(6, '0')}`;
}

function alreadyOpen(accountNo: string, definitionCode: string, caseNo?: string): AppError {
  const which = caseNo ? ` (${caseNo})` : '';
  return new AppError(
    'CASE_ALREADY_OPEN',
    `Account ${accountNo} already has an open ${definitionCode} case${which}. Work on that case instead.`,
    { extra: { accountNo, ...(caseNo ? { caseNo } : {}) } },
  );
}

/** A unique violation of the one-open-case index (a parallel start won the race), on either driver. */
function isOpenCaseConflict(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (candidate.code === '23505') {
      return (
        candidate.constraint === OPEN_CASE_INDEX ||
        (typeof candidate.message === 'string' && candidate.message.includes(OPEN_CASE_INDEX))
      );
    }
    if (typeof current !== 'object') break;
  }
  return false;
}

/**
 * Opens a case on the ACTIVE version of a workflow for an account of the acting unit's subtree (404 otherwise),
 * inside the caller's transaction: case number from case_no_seq, the account's branch as the case's unit, the
 * engine's initial stage and status, a CREATE event and an audit row. One open case per account and workflow
 * (409 CASE_ALREADY_OPEN). Starting values must be fields of the definition and valid.
 */
export async function startCaseInTx(
  tx: Transaction,
  deps: AppDeps,
  ctx: UnitContext,
  input: { definitionCode: string; accountId: number; fields: CaseFields; assignedUserId?: number | null },
): Promise<StartedCase> {
  const account = await findAccountInScope(tx, { accountId: input.accountId, unitPath: ctx.actingUnit.path });
  if (!account) throw new AppError('NOT_FOUND', 'Account not found');
  const open = await findOpenCaseOfAccount(tx, { accountId: account.id, definitionCode: input.definitionCode });
  if (open) throw alreadyOpen(account.accountNo, input.definitionCode, open.caseNo);
  const definition = await activeDefinition(tx, input.definitionCode);
  const businessDate = await requireBusinessDate(tx);

  const known = definitionFields(definition);
  const unknown = Object.keys(input.fields).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    const fields = unknown.map((name) => ({ field: `fields.${name}`, message: NOT_EDITABLE }));
    throw new AppError('VALIDATION', `${fields[0]!.field}: ${NOT_EDITABLE}`, { fields });
  }
  const toCheck = Object.keys(input.fields).map((name) => known.get(name)!);
  const errors = validateFields(toCheck, input.fields, businessDate);
  if (errors.length > 0) {
    const fields = errors.map((error) => ({ field: `fields.${error.field}`, message: error.message }));
    throw new AppError('VALIDATION', `${fields[0]!.field}: ${fields[0]!.message}`, { fields });
  }

  const started = startCase(definition, input.fields, businessDate);
  if (!started.ok) throw refusalError(started.refusal, definition);
  const { snapshot } = started;
  const caseNo = caseNumber(definition.code, businessDate, await nextCaseSequence(tx));
  const at = deps.clock.now();
  let caseId: number;
  try {
    // A savepoint, so a lost race leaves the caller's transaction usable for the clean refusal.
    ({ id: caseId } = await tx.transaction((savepoint) =>
      insertCase(savepoint, {
        caseNo,
        definitionCode: definition.code,
        definitionVersion: definition.version,
        accountId: account.id,
        unitId: account.unitId,
        unitPath: account.unitPath,
        stage: snapshot.stage,
        status: snapshot.status,
        fields: snapshot.fields,
        makerUserId: null,
        assignedUserId: input.assignedUserId === undefined ? ctx.user.id : input.assignedUserId,
        stageEnteredOn: snapshot.stageEnteredOn,
        returnStage: null,
        dueOn: stageDueDate(definition, snapshot),
        isClosed: false,
        version: snapshot.version,
        createdByUserId: ctx.user.id,
        createdAt: at,
        updatedAt: at,
      }),
    ));
  } catch (error) {
    if (isOpenCaseConflict(error)) throw alreadyOpen(account.accountNo, definition.code);
    throw error;
  }
  await insertCaseEvent(tx, {
    caseId,
    action: 'CREATE',
    actionLabelKey: null,
    fromStage: null,
    fromStatus: null,
    toStage: snapshot.stage,
    toStatus: snapshot.status,
    actorUserId: ctx.user.id,
    actingUnitId: ctx.actingUnit.id,
    businessDate,
    remarks: null,
    changes: Object.entries(snapshot.fields).map(([field, value]) => ({ field, from: null, to: value ?? null })),
    effects: [],
    caseVersion: snapshot.version,
    createdAt: at,
  });
  await emitAudit(tx, ctx, {
    action: 'case.create',
    entity: 'case',
    entityId: caseId,
    after: {
      caseNo,
      definitionCode: definition.code,
      definitionVersion: definition.version,
      accountId: account.id,
      stage: snapshot.stage,
      status: snapshot.status,
      version: snapshot.version,
    },
  });
  return { caseId, caseNo, version: snapshot.version };
}

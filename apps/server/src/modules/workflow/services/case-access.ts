import type { WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import type { Actor, CaseSnapshot } from '@recovery-desk/domain/workflow/transition.ts';
import type { Executor } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { listAuthorityEntries } from '../../../access/authority-entries.repository.ts';
import { findCaseInScope, type CaseRecord } from '../cases.repository.ts';

// Who may touch a case (the second authorization, architecture §4): the case must belong to the acting unit's
// subtree (else 404, as if it did not exist), and the caller's authorities are their system_auth codes for the
// definition's app in the acting unit — the engine judges actions against them.

export const CASE_NOT_FOUND = 'Case not found';

export async function requireCaseInScope(db: Executor, ctx: UnitContext, caseId: number): Promise<CaseRecord> {
  const found = await findCaseInScope(db, { caseId, unitPath: ctx.actingUnit.path });
  if (!found) throw new AppError('NOT_FOUND', CASE_NOT_FOUND);
  return found;
}

/** The caller's system_auth codes for the app in the acting unit. */
export async function actorAuthorities(db: Executor, ctx: UnitContext, app: string): Promise<string[]> {
  const entries = await listAuthorityEntries(db, { userId: ctx.user.id, unitId: ctx.actingUnit.id, app });
  return [...new Set(entries.map((entry) => entry.system_auth))];
}

export function actorOf(ctx: UnitContext, authorities: readonly string[]): Actor {
  return { userId: ctx.user.id, authorities };
}

/** Seeing a case (and its documents) needs some authority of the workflow's app in the acting unit. */
export function requireAppAuthority(definition: Pick<WorkflowDefinition, 'app'>, authorities: readonly string[]): void {
  if (authorities.length === 0) {
    throw new AppError(
      'AUTHORITY_MISSING',
      `You hold no ${definition.app} authority in this unit, so you cannot open its cases. Ask for one or switch unit.`,
    );
  }
}

/** Authorities that work some stage of the definition (stage authorities and action-specific ones). */
export function definitionAuthorities(definition: WorkflowDefinition): Set<string> {
  const codes = new Set<string>();
  for (const stage of definition.stages) {
    codes.add(stage.authority);
    for (const action of stage.actions) if (action.authority) codes.add(action.authority);
  }
  return codes;
}

export function snapshotOf(record: CaseRecord, documents: readonly string[]): CaseSnapshot {
  return {
    definitionCode: record.definitionCode,
    definitionVersion: record.definitionVersion,
    stage: record.stage,
    status: record.status,
    fields: record.fields,
    documents,
    makerUserId: record.makerUserId,
    stageEnteredOn: record.stageEnteredOn,
    returnStage: record.returnStage,
    version: record.version,
  };
}

export function staleVersion(seen: number, current: number | null): AppError {
  const now = current === null ? '' : ` (you saw version ${seen}, it is now ${current})`;
  return new AppError(
    'STALE_VERSION',
    `This case changed since you opened it${now}. Reload it, check the changes and try again.`,
  );
}

export function caseClosed(record: Pick<CaseRecord, 'caseNo' | 'status'>): AppError {
  return new AppError(
    'CASE_CLOSED',
    `Case ${record.caseNo} is closed (${record.status}) and accepts no further changes.`,
  );
}

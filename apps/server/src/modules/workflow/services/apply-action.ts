import type { ActionInput, CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import type { CaseStatus, WorkflowEffect } from '@recovery-desk/domain/workflow/definition.ts';
import { stageDueDate, transition } from '@recovery-desk/domain/workflow/transition.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import type { Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { insertCaseEvent, listDocumentCodes, updateCaseIfVersion } from '../cases.repository.ts';
import { withDocumentTransaction } from '../../../documents/document-store.ts';
import { cancelOpenReminders } from '../effects.repository.ts';
import { actorAuthorities, actorOf, requireCaseInScope, snapshotOf, staleVersion } from './case-access.ts';
import { loadDefinition } from './definitions.ts';
import { getCaseView } from './get-case-view.ts';
import { refusalError } from './refusals.ts';

export type AppliedAction = {
  caseId: number;
  caseNo: string;
  version: number;
  stage: string;
  status: CaseStatus;
  isClosed: boolean;
  effects: WorkflowEffect[];
  /** outbox mail the effects queued: deliver with deps.mail.deliver(mailIds) after the transaction commits */
  mailIds: number[];
};

/**
 * Applies an engine action to a case inside the caller's transaction: the case (in the acting unit's subtree) on
 * the definition version it pinned, judged by transition() against the caller's authorities and the business date,
 * then one conditional UPDATE on the version the caller saw (409 STALE_VERSION when another change came first), a
 * case event, the effects, and an audit row. The legal module calls this inside its own transactions; it must
 * deliver `mailIds` after its commit.
 */
export async function applyCaseActionInTx(
  tx: Transaction,
  deps: AppDeps,
  ctx: UnitContext,
  { caseId, input }: { caseId: number; input: ActionInput },
): Promise<AppliedAction> {
  const record = await requireCaseInScope(tx, ctx, caseId);
  if (input.version !== record.version) throw staleVersion(input.version, record.version);
  const definition = await loadDefinition(tx, record.definitionCode, record.definitionVersion);
  // One statement at a time: a transaction is one connection.
  const documents = await listDocumentCodes(tx, caseId);
  const authorities = await actorAuthorities(tx, ctx, definition.app);
  const businessDate = await requireBusinessDate(tx);
  const snapshot = snapshotOf(record, documents);
  const remarks = input.remarks ? input.remarks : undefined;
  const result = transition(
    definition,
    snapshot,
    {
      name: input.action,
      expectedStage: input.expectedStage,
      ...(remarks === undefined ? {} : { remarks }),
      ...(input.fields === undefined ? {} : { fields: input.fields }),
    },
    actorOf(ctx, authorities),
    businessDate,
  );
  if (!result.ok) throw refusalError(result.refusal, definition);
  deps.workflowEffects.require(result.effects);

  const { next } = result;
  const makerUserId = next.makerUserId === null ? null : Number(next.makerUserId);
  const dueOn = stageDueDate(definition, { ...snapshot, ...next, makerUserId, documents });
  const updated = await updateCaseIfVersion(tx, {
    caseId,
    expectedVersion: record.version,
    change: {
      stage: next.stage,
      status: next.status,
      fields: next.fields,
      makerUserId,
      returnStage: next.returnStage,
      stageEnteredOn: next.stageEnteredOn,
      dueOn,
      isClosed: next.isClosed,
      closedOn: next.isClosed ? businessDate : null,
      version: next.version,
      updatedAt: deps.clock.now(),
    },
  });
  if (!updated) throw staleVersion(input.version, null);

  await insertCaseEvent(tx, {
    caseId,
    action: result.action.name,
    actionLabelKey: result.action.labelKey,
    fromStage: result.from.stage,
    fromStatus: result.from.status,
    toStage: next.stage,
    toStatus: next.status,
    actorUserId: ctx.user.id,
    actingUnitId: ctx.actingUnit.id,
    businessDate,
    remarks: remarks ?? null,
    changes: result.changes,
    effects: result.effects,
    caseVersion: next.version,
    createdAt: deps.clock.now(),
  });
  const { mailIds } = await deps.workflowEffects.run(
    {
      tx,
      deps,
      ctx,
      definition,
      caseId,
      caseNo: record.caseNo,
      accountId: record.accountId,
      action: result.action,
      from: result.from,
      next,
      makerBefore: record.makerUserId,
      remarks: remarks ?? null,
      businessDate,
    },
    result.effects,
  );
  // A closed case waits for nothing: its open reminders end with it.
  if (next.isClosed) await cancelOpenReminders(tx, { caseId });

  await emitAudit(tx, ctx, {
    action: `case.${result.action.name}`,
    entity: 'case',
    entityId: caseId,
    before: { stage: record.stage, status: record.status, version: record.version },
    after: {
      stage: next.stage,
      status: next.status,
      version: next.version,
      remarks: remarks ?? null,
      changes: result.changes,
      effects: result.effects,
    },
  });
  return {
    caseId,
    caseNo: record.caseNo,
    version: next.version,
    stage: next.stage,
    status: next.status,
    isClosed: next.isClosed,
    effects: result.effects,
    mailIds,
  };
}

/** POST /api/workflow/cases/:caseId/actions — applies the action in one transaction and answers the case view. */
export async function applyCaseAction(
  deps: AppDeps,
  { ctx, caseId, input }: { ctx: UnitContext; caseId: number; input: ActionInput },
): Promise<CaseView> {
  const applied = await withDocumentTransaction(deps.db, (tx) => applyCaseActionInTx(tx, deps, ctx, { caseId, input }));
  deps.mail.deliver(applied.mailIds);
  return getCaseView(deps.db, deps, ctx, caseId);
}

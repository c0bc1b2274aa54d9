import type { CaseView, FieldsInput } from '@recovery-desk/domain/workflow/contracts.ts';
import { findStage, stageFormFields } from '@recovery-desk/domain/workflow/definition.ts';
import { stageDueDate, stageFormErrors } from '@recovery-desk/domain/workflow/transition.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction, type Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, authorityMissing } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { insertCaseEvent, listDocumentCodes, updateCaseIfVersion } from '../cases.repository.ts';
import { actorAuthorities, caseClosed, requireCaseInScope, snapshotOf, staleVersion } from './case-access.ts';
import { loadDefinition } from './definitions.ts';
import { getCaseView } from './get-case-view.ts';
import { NOT_EDITABLE } from './refusals.ts';

/**
 * POST /api/workflow/cases/:caseId/fields — saves stage form values (a draft) without moving the case. Needs the
 * current stage's authority; only the stage form's fields, each value checked by its type and rules; one
 * conditional UPDATE on the version the caller saw, a SAVE_FIELDS event with the changes, and an audit row. A save
 * that changes nothing writes nothing.
 */
export async function saveCaseFields(
  deps: AppDeps,
  { ctx, caseId, input }: { ctx: UnitContext; caseId: number; input: FieldsInput },
): Promise<CaseView> {
  await withTransaction(deps.db, (tx) => saveCaseFieldsInTx(tx, deps, { ctx, caseId, input }));
  return getCaseView(deps.db, deps, ctx, caseId);
}

/**
 * The save of saveCaseFields in the caller's transaction: a module that derives stage fields from its own records
 * (the secured-assets valuations) saves them this way, so the case's history shows the change.
 */
export async function saveCaseFieldsInTx(
  tx: Transaction,
  deps: AppDeps,
  { ctx, caseId, input }: { ctx: UnitContext; caseId: number; input: FieldsInput },
): Promise<void> {
  {
    const record = await requireCaseInScope(tx, ctx, caseId);
    if (input.version !== record.version) throw staleVersion(input.version, record.version);
    if (record.isClosed) throw caseClosed(record);
    const definition = await loadDefinition(tx, record.definitionCode, record.definitionVersion);
    const stage = findStage(definition, record.stage);
    if (!stage) throw new Error(`case ${caseId} is at unknown stage ${record.stage}`);
    const authorities = await actorAuthorities(tx, ctx, definition.app);
    if (!authorities.includes(stage.authority)) {
      throw authorityMissing(stage.authority, definition.app, 'You cannot edit this stage.');
    }
    const form = new Map(stageFormFields(stage).map((field) => [field.name, field]));
    const names = Object.keys(input.fields);
    const foreign = names.filter((name) => !form.has(name));
    if (foreign.length > 0) {
      const fields = foreign.map((name) => ({ field: `fields.${name}`, message: NOT_EDITABLE }));
      throw new AppError('VALIDATION', `${fields[0]!.field}: ${NOT_EDITABLE}`, { fields });
    }
    const businessDate = await requireBusinessDate(tx);
    const merged = { ...record.fields, ...input.fields };
    // The same judgement as an action that validates the form (stageFormErrors): a draft may be incomplete, but
    // never holds a value Submit would refuse.
    const errors = stageFormErrors(stage, merged, businessDate, names);
    if (errors.length > 0) {
      const fields = errors.map((error) => ({ field: `fields.${error.field}`, message: error.message }));
      throw new AppError('VALIDATION', `${fields[0]!.field}: ${fields[0]!.message}`, { fields });
    }
    const changes = names
      .filter((name) => (input.fields[name] ?? null) !== (record.fields[name] ?? null))
      .map((name) => ({ field: name, from: record.fields[name] ?? null, to: input.fields[name] ?? null }));
    if (changes.length === 0) return;

    const documents = await listDocumentCodes(tx, caseId);
    const version = record.version + 1;
    const dueOn = stageDueDate(definition, { ...snapshotOf(record, documents), fields: merged, version });
    const updated = await updateCaseIfVersion(tx, {
      caseId,
      expectedVersion: record.version,
      change: {
        stage: record.stage,
        status: record.status,
        fields: merged,
        makerUserId: record.makerUserId,
        returnStage: record.returnStage,
        stageEnteredOn: record.stageEnteredOn,
        dueOn,
        isClosed: false,
        closedOn: null,
        version,
        updatedAt: deps.clock.now(),
      },
    });
    if (!updated) throw staleVersion(input.version, null);
    await insertCaseEvent(tx, {
      caseId,
      action: 'SAVE_FIELDS',
      actionLabelKey: null,
      fromStage: record.stage,
      fromStatus: record.status,
      toStage: record.stage,
      toStatus: record.status,
      actorUserId: ctx.user.id,
      actingUnitId: ctx.actingUnit.id,
      businessDate,
      remarks: null,
      changes,
      effects: [],
      caseVersion: version,
      createdAt: deps.clock.now(),
    });
    await emitAudit(tx, ctx, {
      action: 'case.save_fields',
      entity: 'case',
      entityId: caseId,
      before: { stage: record.stage, status: record.status, version: record.version },
      after: { stage: record.stage, status: record.status, version, changes },
    });
  }
}

import type { CaseEvent, CaseView, ChecklistItem } from '@recovery-desk/domain/workflow/contracts.ts';
import { findStage, stageFormFields, type WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { availableActions, documentApplies, stageDates } from '@recovery-desk/domain/workflow/transition.ts';
import type { Executor } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { isoTimestamp } from '../../../db/sql-rows.ts';
import {
  listCaseDocuments,
  listCaseEvents,
  readCaseHeader,
  type CaseDocumentRow,
  type CaseRecord,
} from '../cases.repository.ts';
import { actorAuthorities, actorOf, requireAppAuthority, requireCaseInScope, snapshotOf } from './case-access.ts';
import { loadDefinition } from './definitions.ts';

function checklistOf(
  definition: WorkflowDefinition,
  record: CaseRecord,
  documents: CaseDocumentRow[],
): ChecklistItem[] {
  return definition.stages.flatMap((stage) =>
    stage.documents.map((requirement) => ({
      code: requirement.code,
      labelKey: requirement.labelKey,
      stage: stage.code,
      stageLabelKey: stage.labelKey,
      required: requirement.required,
      // the engine's own rule (documentApplies), so the checklist and the action's refusal agree
      applies: documentApplies(requirement, record.fields),
      isCurrentStage: stage.code === record.stage,
      documentIds: documents.filter((doc) => doc.code === requirement.code).map((doc) => doc.documentId),
    })),
  );
}

const asList = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/**
 * GET /api/workflow/cases/:caseId — everything the case screen shows, for a case in the acting unit's subtree
 * (404 otherwise) and a caller with some authority of the workflow's app (403 otherwise): the actions the caller
 * may take today (or why not), the stage's statutory dates, the fields they may save, the document checklist of
 * every stage, the documents and the Case History.
 */
export async function getCaseView(db: Executor, _deps: AppDeps, ctx: UnitContext, caseId: number): Promise<CaseView> {
  const record = await requireCaseInScope(db, ctx, caseId);
  const definition = await loadDefinition(db, record.definitionCode, record.definitionVersion);
  const authorities = await actorAuthorities(db, ctx, definition.app);
  requireAppAuthority(definition, authorities);
  // One statement at a time: `db` may be a transaction (one connection).
  const header = await readCaseHeader(db, caseId);
  const documents = await listCaseDocuments(db, caseId);
  const events = await listCaseEvents(db, caseId);
  const businessDate = await requireBusinessDate(db);
  if (!header) throw new Error(`case ${caseId} lost its account`);
  const stage = findStage(definition, record.stage);
  const snapshot = snapshotOf(record, [...new Set(documents.map((doc) => doc.code))]);
  const actor = actorOf(ctx, authorities);
  const canEdit = !record.isClosed && stage !== undefined && authorities.includes(stage.authority);

  return {
    case: {
      caseId: record.id,
      caseNo: record.caseNo,
      definitionCode: record.definitionCode,
      definitionVersion: record.definitionVersion,
      stage: record.stage,
      stageLabelKey: stage?.labelKey ?? record.stage,
      stageRouteSlug: stage?.routeSlug ?? '',
      status: record.status,
      fields: record.fields as CaseView['case']['fields'],
      makerUserId: record.makerUserId,
      makerName: header.makerName,
      assignedName: header.assignedName,
      stageEnteredOn: record.stageEnteredOn,
      returnStage: record.returnStage,
      dueOn: record.dueOn,
      isClosed: record.isClosed,
      version: record.version,
      createdAt: isoTimestamp(record.createdAt),
      createdByName: header.createdByName,
    },
    account: {
      accountId: record.accountId,
      accountNo: header.accountNo,
      customerName: header.customerName,
      product: header.product,
      currency: header.currency,
      dpd: header.dpd,
      bucket: header.bucket,
      assetClass: header.assetClass,
      totalDueAmount: header.totalDueAmount,
      totalPrincipalOutstanding: header.totalPrincipalOutstanding,
      unitCode: header.unitCode,
      branchName: header.branchName,
      isOnHold: header.isOnHold,
    },
    businessDate,
    availableActions: availableActions(definition, snapshot, actor, businessDate).map((action) => ({
      ...action,
      fields: action.fields.map((field) => ({ ...field })),
      refusal: action.refusal ? { ...action.refusal } : null,
    })),
    stageDates: stageDates(definition, snapshot, businessDate),
    editableFields: canEdit ? stageFormFields(stage).map((field) => field.name) : [],
    checklist: checklistOf(definition, record, documents),
    documents: documents.map((doc) => ({ ...doc, createdAt: isoTimestamp(doc.createdAt) })),
    history: events.map((event): CaseEvent => ({
      eventId: event.eventId,
      action: event.action,
      actionLabelKey: event.actionLabelKey,
      fromStage: event.fromStage,
      fromStatus: event.fromStatus,
      toStage: event.toStage,
      toStatus: event.toStatus,
      actorName: event.actorName,
      actorUsername: event.actorUsername,
      unitCode: event.unitCode,
      businessDate: event.businessDate,
      at: isoTimestamp(event.at),
      remarks: event.remarks,
      changes: asList(event.changes),
      effects: asList(event.effects),
    })),
  };
}

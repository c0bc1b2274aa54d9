import type { CaseFields } from './case-fields.ts';
import type { ActionName, CaseStatus, WorkflowDefinition } from './definition.ts';
import { transition, type ActionRequest, type Actor, type CaseSnapshot, type UserId } from './transition.ts';

// Test support for workflow tests: snapshots, actors and walks along a definition. Not used by the product.

/** Every document code a definition names (stage checklists and action requirements). */
export function allDocumentCodes(definition: WorkflowDefinition): string[] {
  const codes = definition.stages.flatMap((stage) => [
    ...stage.documents.map((doc) => doc.code),
    ...stage.actions.flatMap((action) => action.requiredDocuments),
  ]);
  return [...new Set(codes)];
}

/** Every authority a definition uses (stages and action overrides). */
export function allAuthorities(definition: WorkflowDefinition): string[] {
  const codes = definition.stages.flatMap((stage) => [
    stage.authority,
    ...stage.actions.flatMap((action) => (action.authority ? [action.authority] : [])),
  ]);
  return [...new Set(codes)];
}

export function snapshotFor(
  definition: WorkflowDefinition,
  stage: string,
  overrides: Partial<CaseSnapshot> = {},
): CaseSnapshot {
  return {
    definitionCode: definition.code,
    definitionVersion: definition.version,
    stage,
    status: 'Recommended' as CaseStatus,
    fields: {},
    documents: allDocumentCodes(definition),
    makerUserId: 'maker-1',
    stageEnteredOn: '2026-01-01',
    returnStage: null,
    version: 7,
    ...overrides,
  };
}

export function actorWith(userId: UserId, authorities: readonly string[]): Actor {
  return { userId, authorities };
}

export type WalkStep = {
  action: ActionName;
  /** the stage the case must reach (or 'closed') */
  expect: string;
  request?: Omit<ActionRequest, 'name'>;
};

/**
 * Applies steps in turn, alternating two users so every checker differs from the maker, and returns the visited
 * stages. Throws with the refusal when a step is refused or lands elsewhere.
 */
export function walk(
  definition: WorkflowDefinition,
  fields: CaseFields,
  steps: readonly WalkStep[],
  businessDate: string,
  start: string = definition.initialStage,
): { visited: string[]; snapshot: CaseSnapshot } {
  const authorities = allAuthorities(definition);
  let snapshot = snapshotFor(definition, start, { fields, status: definition.initialStatus, makerUserId: null });
  const visited = [snapshot.stage];
  steps.forEach((step, index) => {
    const actor = actorWith(index % 2 === 0 ? 'user-a' : 'user-b', authorities);
    const result = transition(
      definition,
      snapshot,
      { name: step.action, remarks: 'Checked', ...step.request },
      actor,
      businessDate,
    );
    if (!result.ok) {
      throw new Error(`step ${index} ${step.action} at ${snapshot.stage}: ${JSON.stringify(result.refusal)}`);
    }
    const reached = result.next.isClosed ? 'closed' : result.next.stage;
    if (reached !== step.expect) throw new Error(`step ${index} ${step.action} reached ${reached}, not ${step.expect}`);
    snapshot = { ...snapshot, ...result.next };
    visited.push(reached);
  });
  return { visited, snapshot };
}

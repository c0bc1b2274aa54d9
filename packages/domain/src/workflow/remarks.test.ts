import { describe, expect, it } from 'vitest';
import { DECISIONS_NEEDING_REMARKS, decisionNeedsRemarks } from '../remarks.ts';
import { BUILT_IN_DEFINITIONS } from './definitions/catalogue.ts';
import type { CaseFields } from './case-fields.ts';
import { availableActions, transition, type CaseSnapshot, type TransitionResult } from './transition.ts';
import type { ActionDefinition, WorkflowDefinition } from './definition.ts';

// Every reject, pushback and decline of every built-in workflow needs remarks: the engine refuses it without them
// (REMARKS_REQUIRED, which the action route answers as a 400 naming `remarks`) and tells the screen so
// (`remarksRequired` of the available action) — even when a definition forgets to say so.

/** A refusal that says remarks are needed: alone, or among everything else the action still needs. */
function refusesForRemarks(result: TransitionResult): boolean {
  if (result.ok) return false;
  const { refusal } = result;
  return refusal.code === 'REMARKS_REQUIRED' || (refusal.code === 'REQUIREMENTS_UNMET' && refusal.remarks);
}

/** Values under which a branch's `when` holds. */
function valuesFor(action: ActionDefinition): CaseFields {
  const when = action.when;
  if (!when) return {};
  if ('in' in when) return { [when.field]: when.in[0]! };
  if ('isPresent' in when) return when.isPresent ? { [when.field]: 'x' } : {};
  return {};
}

function snapshotAt(definition: WorkflowDefinition, stage: string, fields: CaseFields = {}): CaseSnapshot {
  return {
    definitionCode: definition.code,
    definitionVersion: definition.version,
    stage,
    status: definition.initialStatus,
    fields,
    documents: [],
    makerUserId: null,
    stageEnteredOn: '2026-03-01',
    // a detour's reject returns to where it began
    returnStage: definition.initialStage,
    version: 1,
  };
}

const allAuthorities = (definition: WorkflowDefinition) => [
  ...new Set(
    definition.stages.flatMap((stage) => [stage.authority, ...stage.actions.flatMap((a) => a.authority ?? [])]),
  ),
];

describe('remarks on workflow rejects, pushbacks and declines', () => {
  const walked: string[] = [];
  for (const definition of BUILT_IN_DEFINITIONS) {
    const actor = { userId: 1, authorities: allAuthorities(definition) };
    for (const stage of definition.stages) {
      for (const [index, branch] of stage.actions.entries()) {
        const name = branch.name;
        if (!decisionNeedsRemarks(name)) continue;
        walked.push(`${definition.code}.${stage.code}.${name}`);
        it(`${definition.code} ${stage.code} ${name} (branch ${index}) is refused without remarks`, () => {
          const snapshot = snapshotAt(definition, stage.code, valuesFor(branch));
          for (const remarks of [undefined, '', '   ']) {
            const result = transition(
              definition,
              snapshot,
              { name, ...(remarks === undefined ? {} : { remarks }) },
              actor,
              '2026-03-31',
            );
            expect(refusesForRemarks(result), JSON.stringify(result)).toBe(true);
          }
          const shown = availableActions(definition, snapshot, actor, '2026-03-31').find((a) => a.name === name);
          expect(shown?.remarksRequired).toBe(true);
        });
      }
    }
  }

  it('walks the rejects, pushbacks and declines of every built-in workflow', () => {
    for (const name of DECISIONS_NEEDING_REMARKS) expect(walked.some((entry) => entry.endsWith(`.${name}`))).toBe(true);
    expect(walked.length).toBeGreaterThan(20);
  });

  it('holds even when a definition leaves remarksRequired out', () => {
    const definition = BUILT_IN_DEFINITIONS[0]!;
    const stage = definition.stages.find((candidate) => candidate.actions.some((a) => a.name === 'reject'))!;
    const lax: WorkflowDefinition = {
      ...definition,
      stages: definition.stages.map((candidate) =>
        candidate === stage
          ? { ...candidate, actions: candidate.actions.map((a) => ({ ...a, remarksRequired: false })) }
          : candidate,
      ),
    };
    const actor = { userId: 1, authorities: allAuthorities(definition) };
    expect(refusesForRemarks(transition(lax, snapshotAt(lax, stage.code), 'reject', actor, '2026-03-31'))).toBe(true);
  });
});

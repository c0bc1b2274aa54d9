import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FieldValue } from './case-fields.ts';
import { ACTION_NAMES, CASE_STATUSES, definitionFields, findStage, type WorkflowDefinition } from './definition.ts';
import { BUILT_IN_DEFINITIONS } from './definitions/catalogue.ts';
import { SAMPLE_CASES } from './definitions/sample-cases.ts';
import { allAuthorities, allDocumentCodes } from './testing.ts';
import { availableActions, stageDates, transition, type ActionRequest, type CaseSnapshot } from './transition.ts';

// Properties of the engine over arbitrary cases, actors and actions on the three built-in definitions.

const datesBetween = (min: string, max: string) =>
  fc
    .date({ min: new Date(`${min}T00:00:00Z`), max: new Date(`${max}T00:00:00Z`), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10));
const isoDate = datesBetween('2020-01-01', '2030-12-31');

function valueFor(definition: WorkflowDefinition): fc.Arbitrary<FieldValue> {
  const options = [...definitionFields(definition).values()].flatMap((field) =>
    (field.options ?? []).map((option) => option.value),
  );
  return fc.oneof(
    isoDate,
    fc.constantFrom(...options),
    fc.constantFrom('', '  ', '2026-02-30', 'MHMM110012342026', '2000000.00', 'abc'),
    fc.string({ maxLength: 12 }),
    fc.integer({ min: -5, max: 100_000 }),
    fc.boolean(),
    fc.constant(null),
  );
}

/** Mostly the definition's own values (so that many actions are accepted), sometimes anything at all. */
function usually<T>(likely: fc.Arbitrary<T>, other: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof({ arbitrary: likely, weight: 9 }, { arbitrary: other, weight: 1 });
}

function caseFor(definition: WorkflowDefinition) {
  const fieldNames = [...definitionFields(definition).keys(), 'unknownField'];
  const stageCodes = definition.stages.map((stage) => stage.code);
  const liveStatuses = CASE_STATUSES.filter((status) => !definition.terminalStatuses.includes(status));
  const anyValue = valueFor(definition);
  const sample = SAMPLE_CASES[definition.code]!;
  // The sample case with a few fields dropped or replaced, or arbitrary fields.
  const fields = usually(
    fc
      .record({
        dropped: fc.subarray(Object.keys(sample), { maxLength: 3 }),
        replaced: fc.dictionary(fc.constantFrom(...fieldNames), anyValue, { maxKeys: 2 }),
      })
      .map(({ dropped, replaced }) => ({
        ...Object.fromEntries(Object.entries(sample).filter(([name]) => !dropped.includes(name))),
        ...replaced,
      })),
    fc.dictionary(fc.constantFrom(...fieldNames), anyValue, { maxKeys: 40 }),
  );
  const snapshot: fc.Arbitrary<CaseSnapshot> = fc.record({
    definitionCode: usually(fc.constant(definition.code), fc.constant('OTHER')),
    definitionVersion: usually(fc.constant(definition.version), fc.constant(definition.version + 1)),
    stage: usually(fc.constantFrom(...stageCodes), fc.string({ maxLength: 8 })),
    status: usually(fc.constantFrom(...liveStatuses), fc.constantFrom(...CASE_STATUSES)),
    fields,
    documents: usually(fc.constant(allDocumentCodes(definition)), fc.subarray(allDocumentCodes(definition))),
    makerUserId: fc.constantFrom(null, 'u1', 'u2', 1, 2),
    stageEnteredOn: isoDate,
    returnStage: fc.option(usually(fc.constantFrom(...stageCodes), fc.string({ maxLength: 8 }))),
    version: fc.integer({ min: 1, max: 1000 }),
  });
  const requestAt = (stage: string): fc.Arbitrary<ActionRequest> => {
    const offered = findStage(definition, stage)?.actions.map((action) => action.name) ?? [];
    return fc.record(
      {
        name:
          offered.length > 0
            ? usually(fc.constantFrom(...offered), fc.constantFrom(...ACTION_NAMES))
            : fc.constantFrom(...ACTION_NAMES),
        remarks: usually(fc.constant('Checked'), fc.option(fc.string({ maxLength: 10 }), { nil: undefined })),
        fields: usually(fc.constant({}), fc.dictionary(fc.constantFrom(...fieldNames), anyValue, { maxKeys: 4 })),
        expectedStage: usually(fc.constant(undefined), fc.constantFrom(...stageCodes)),
      },
      { requiredKeys: ['name'] },
    );
  };
  const actor = fc.record({
    userId: fc.constantFrom('u1', 'u2', 1, 2),
    authorities: usually(fc.constant(allAuthorities(definition)), fc.subarray(allAuthorities(definition))),
  });
  // Business dates around the samples (2026) and anywhere else.
  const today = usually(datesBetween('2026-09-20', '2027-12-31'), isoDate);
  const scenario = snapshot.chain((snap) =>
    fc.record({ snapshot: fc.constant(snap), request: requestAt(snap.stage), actor, today }),
  );
  return { snapshot, actor, today, scenario };
}

const RUNS = 1000;

describe.each(BUILT_IN_DEFINITIONS.map((definition) => [definition.code, definition] as const))(
  'transition properties on %s',
  (_code, definition) => {
    const { scenario, snapshot, actor, today } = caseFor(definition);
    const stageCodes = new Set(definition.stages.map((stage) => stage.code));

    it('never throws, and never moves a case to a stage the definition does not have', () => {
      const outcomes = new Map<string, number>();
      fc.assert(
        fc.property(scenario, ({ snapshot, request, actor, today }) => {
          const result = transition(definition, snapshot, request, actor, today);
          const outcome = result.ok ? 'OK' : result.refusal.code;
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
          if (!result.ok) return;
          expect(stageCodes.has(result.next.stage)).toBe(true);
          expect(result.next.isClosed).toBe(definition.terminalStatuses.includes(result.next.status));
          expect(result.next.version).toBe(snapshot.version + 1);
        }),
        { numRuns: RUNS },
      );
      // The generator must exercise accepted transitions and the main refusals, or the property says little.
      expect(outcomes.get('OK') ?? 0).toBeGreaterThan(RUNS / 10);
      for (const code of [
        'MISSING_AUTHORITY',
        'REQUIRED_FIELD_MISSING',
        'FIELD_INVALID',
        'CASE_CLOSED',
        'WRONG_STAGE',
      ]) {
        expect(outcomes.get(code) ?? 0, code).toBeGreaterThan(0);
      }
    });

    it('an accepted action was taken by someone holding its authority, a check never by its maker', () => {
      fc.assert(
        fc.property(scenario, ({ snapshot, request, actor, today }) => {
          const result = transition(definition, snapshot, request, actor, today);
          if (!result.ok) return;
          const stage = findStage(definition, snapshot.stage)!;
          const branches = stage.actions.filter((action) => action.name === request.name);
          expect(branches.length).toBeGreaterThan(0);
          for (const branch of branches) {
            expect(actor.authorities).toContain(branch.authority ?? stage.authority);
            if (branch.isCheckerAction && snapshot.makerUserId !== null) {
              expect(String(snapshot.makerUserId)).not.toBe(String(actor.userId));
            }
            if (branch.remarksRequired) expect((request.remarks ?? '').trim()).not.toBe('');
          }
          if (result.next.isClosed) expect(result.next.returnStage).toBeNull();
        }),
        { numRuns: RUNS },
      );
    });

    it('a closed case accepts no action and offers none', () => {
      const closed = fc.record({ scenario, status: fc.constantFrom(...definition.terminalStatuses) });
      fc.assert(
        fc.property(closed, ({ scenario: { snapshot, request, actor, today }, status }) => {
          const closedCase = { ...snapshot, status };
          expect(transition(definition, closedCase, request, actor, today).ok).toBe(false);
          expect(availableActions(definition, closedCase, actor, today)).toEqual([]);
          expect(stageDates(definition, closedCase, today)).toEqual([]);
        }),
        { numRuns: 500 },
      );
    });

    it('an action the UI shows as enabled is accepted once the user adds remarks, and a disabled one is refused', () => {
      let enabled = 0;
      fc.assert(
        fc.property(snapshot, actor, today, (snap, who, date) => {
          for (const action of availableActions(definition, snap, who, date)) {
            const result = transition(definition, snap, { name: action.name, remarks: 'ok' }, who, date);
            expect(result.ok).toBe(action.enabled);
            if (!result.ok) expect(result.refusal).toEqual(action.refusal);
            if (action.enabled) enabled += 1;
          }
        }),
        { numRuns: 500 },
      );
      expect(enabled).toBeGreaterThan(0);
    });
  },
);

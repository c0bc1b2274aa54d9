import { describe, expect, it } from 'vitest';
import { matchesCondition } from './case-fields.ts';
import { STATUS_TAB, stageWidgets, workflowDefinitionSchema, type WorkflowDefinitionInput } from './definition.ts';

// The schema refuses a definition whose references do not resolve, so a broken version cannot be stored.
const valid = (): WorkflowDefinitionInput => ({
  code: 'TOY',
  version: 1,
  status: 'DRAFT',
  app: 'legalapp',
  labelKey: 'Toy',
  initialStage: 'A',
  initialStatus: 'Initiated',
  terminalStatuses: ['Closed'],
  columns: [{ key: 'status', labelKey: 'Status', type: 'status', source: 'case' }],
  stages: [
    {
      code: 'A',
      labelKey: 'A',
      routeSlug: 'legalPool',
      authority: 'LEGAL_POOL_SAUTH',
      trayColumns: ['status'],
      fields: [{ name: 'servedOn', labelKey: 'ServedOn', type: 'date' }],
      actions: [
        { name: 'submit', labelKey: 'Submit', to: { stage: 'B' }, status: 'Submitted', maker: 'actor' },
        { name: 'close', labelKey: 'Close', to: { terminal: true }, status: 'Closed', maker: 'clear' },
      ],
    },
    {
      code: 'B',
      labelKey: 'B',
      routeSlug: 'initiateLegal',
      authority: 'LEGAL_INIT_SAUTH',
      trayColumns: ['status'],
      actions: [{ name: 'close', labelKey: 'Close', to: { terminal: true }, status: 'Closed', maker: 'clear' }],
    },
  ],
  dateRules: [
    {
      name: 'WAIT',
      label: 'Wait',
      labelKey: 'Wait',
      kind: 'earliest',
      base: 'servedOn',
      offsetDays: 15,
      stages: ['A'],
      actions: ['submit'],
      source: 'test',
    },
  ],
});

function problems(edit: (input: WorkflowDefinitionInput) => void): string[] {
  const input = valid();
  edit(input);
  const result = workflowDefinitionSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('workflow definition schema', () => {
  it('accepts a consistent definition and fills the defaults', () => {
    const parsed = workflowDefinitionSchema.parse(valid());
    expect(parsed.stages[0]!.actions[0]).toMatchObject({
      remarksRequired: false,
      isCheckerAction: false,
      validateForm: false,
      requiredFields: [],
      effects: [],
      opensDetour: false,
    });
    expect(parsed.dateRules[0]!.offsetMonths).toBe(0);
  });

  it.each([
    [
      'an action to an unknown stage',
      (d: WorkflowDefinitionInput) => (d.stages[0]!.actions[0]!.to = { stage: 'Z' }),
      'action submit leads to unknown stage Z',
    ],
    ['a duplicate stage', (d: WorkflowDefinitionInput) => d.stages.push({ ...d.stages[1]! }), 'duplicate stage B'],
    ['an unknown initial stage', (d: WorkflowDefinitionInput) => (d.initialStage = 'Q'), 'unknown initial stage Q'],
    [
      'a terminal action with a live status',
      (d: WorkflowDefinitionInput) => (d.stages[1]!.actions[0]!.status = 'Approved'),
      'terminal action close sets non-terminal status Approved',
    ],
    [
      'a live action with a terminal status',
      (d: WorkflowDefinitionInput) => (d.stages[0]!.actions[0]!.status = 'Closed'),
      'action submit sets terminal status Closed but does not close',
    ],
    [
      'a rule counted from a non-date',
      (d: WorkflowDefinitionInput) => (d.dateRules![0]!.base = 'nothing'),
      'rule base nothing is not a date field',
    ],
    [
      'a rule gating an action the stage lacks',
      (d: WorkflowDefinitionInput) => (d.dateRules![0]!.actions = ['approve']),
      'rule gates approve, which stage A does not offer',
    ],
    [
      'a latest rule that gates',
      (d: WorkflowDefinitionInput) => (d.dateRules![0]!.kind = 'latest'),
      'only an earliest rule gates actions',
    ],
    [
      'an unknown tray column',
      (d: WorkflowDefinitionInput) => d.stages[0]!.trayColumns.push('nope'),
      'unknown tray column nope',
    ],
    [
      'an unguarded branch before a guarded one',
      (d: WorkflowDefinitionInput) =>
        d.stages[0]!.actions.push({
          name: 'submit',
          labelKey: 'Submit',
          to: { stage: 'B' },
          status: 'Submitted',
          maker: 'actor',
          when: { field: 'servedOn', isPresent: true },
        }),
      'action submit has an unguarded branch before others',
    ],
    [
      'a field that is a date here and text there',
      (d: WorkflowDefinitionInput) =>
        (d.stages[1]!.fields = [{ name: 'servedOn', labelKey: 'ServedOn', type: 'text' }]),
      'field servedOn is both date and text',
    ],
    [
      'a condition on an unknown field',
      (d: WorkflowDefinitionInput) => (d.dateRules![0]!.when = { field: 'ghost', in: ['x'] }),
      'condition on unknown field ghost',
    ],
    [
      'a select without options',
      (d: WorkflowDefinitionInput) => d.stages[0]!.fields!.push({ name: 'mode', labelKey: 'Mode', type: 'select' }),
      'a select field has options, and only a select field has them',
    ],
    [
      'a label key in lower case',
      (d: WorkflowDefinitionInput) => (d.stages[0]!.labelKey = 'stageA'),
      'translation keys start with a capital letter (spec §9)',
    ],
    [
      'a widget named twice on a stage',
      (d: WorkflowDefinitionInput) => (d.stages[0]!.widgets = ['bounceCheque', 'bounceCheque']),
      'duplicate widget bounceCheque',
    ],
    [
      'a widget name that is not an identifier',
      (d: WorkflowDefinitionInput) => (d.stages[0]!.widgets = ['notice copy']),
      'must be an identifier',
    ],
  ])('refuses %s', (_name, edit, message) => {
    expect(problems(edit)).toContain(message);
  });
});

describe('stage widgets', () => {
  it('are optional data: a stage names none unless it lists them', () => {
    const parsed = workflowDefinitionSchema.parse({
      ...valid(),
      stages: valid().stages.map((stage, i) => (i === 0 ? { ...stage, widgets: ['noticeCopy'] } : stage)),
    });
    expect(stageWidgets(parsed.stages[0])).toEqual(['noticeCopy']);
    expect(stageWidgets(parsed.stages[1])).toEqual([]);
    expect('widgets' in parsed.stages[1]!).toBe(false);
  });
});

describe('conditions and tabs', () => {
  it('in / notIn / isPresent compare values as text', () => {
    expect(matchesCondition({ field: 'ordered', in: ['true'] }, { ordered: true })).toBe(true);
    expect(matchesCondition({ field: 'ordered', in: ['true'] }, { ordered: false })).toBe(false);
    expect(matchesCondition({ field: 'ordered', notIn: ['true'] }, {})).toBe(true);
    expect(matchesCondition({ field: 'ordered', notIn: ['true'] }, { ordered: true })).toBe(false);
    expect(matchesCondition({ field: 'filingDate', isPresent: true }, { filingDate: ' ' })).toBe(false);
    expect(matchesCondition({ field: 'n', in: ['0'] }, { n: 0 })).toBe(true);
    expect(matchesCondition(undefined, {})).toBe(true);
  });

  it('maps every status to one of the spec tray tabs', () => {
    expect(STATUS_TAB.Recommended).toBe('pendingApproval');
    expect(STATUS_TAB.Reconsider).toBe('pendingApproval');
    expect(STATUS_TAB.Pushback).toBe('pushback');
    expect(STATUS_TAB.Withdrawn).toBe('closed');
  });
});

import { describe, expect, it } from 'vitest';
import { defineWorkflow } from './definition.ts';
import { actorWith, snapshotFor } from './testing.ts';
import { stageDates, stageDueDate, transition } from './transition.ts';

// Engine semantics on a small definition of its own, independent of the built-in workflows: a two-level approval
// that keeps the maker, guarded branches, several earliest rules, and rules counted from the stage entry.
const toy = defineWorkflow({
  code: 'TOY',
  version: 3,
  status: 'ACTIVE',
  app: 'legalapp',
  labelKey: 'Toy',
  initialStage: 'DRAFT',
  initialStatus: 'Initiated',
  terminalStatuses: ['Closed'],
  columns: [{ key: 'status', labelKey: 'Status', type: 'status', source: 'case' }],
  stages: [
    {
      code: 'DRAFT',
      labelKey: 'Draft',
      routeSlug: 'initiateLegal',
      authority: 'LEGAL_INIT_SAUTH',
      trayColumns: ['status'],
      fields: [
        { name: 'amount', labelKey: 'Amount', type: 'amount', required: true },
        { name: 'servedOn', labelKey: 'ServedOn', type: 'date' },
        { name: 'publishedOn', labelKey: 'PublishedOn', type: 'date' },
        {
          name: 'route',
          labelKey: 'Route',
          type: 'select',
          options: [
            { value: 'FAST', labelKey: 'Fast' },
            { value: 'SLOW', labelKey: 'Slow' },
          ],
        },
      ],
      actions: [
        {
          name: 'submit',
          labelKey: 'Submit',
          to: { stage: 'LEVEL1' },
          status: 'Recommended',
          maker: 'actor',
          validateForm: true,
        },
        // Closing does not look at the form.
        { name: 'close', labelKey: 'Close', to: { terminal: true }, status: 'Closed', maker: 'clear' },
      ],
    },
    {
      code: 'LEVEL1',
      labelKey: 'Level1',
      routeSlug: 'legalFilingApproval',
      authority: 'LEGAL_FILE_APP_SAUTH',
      trayColumns: ['status'],
      actions: [
        {
          name: 'approve',
          labelKey: 'ApproveFast',
          when: { field: 'route', in: ['FAST'] },
          to: { terminal: true },
          status: 'Closed',
          isCheckerAction: true,
          maker: 'clear',
        },
        {
          name: 'approve',
          labelKey: 'Approve',
          to: { stage: 'LEVEL2' },
          status: 'Approved',
          isCheckerAction: true,
          maker: 'keep',
        },
      ],
    },
    {
      code: 'LEVEL2',
      labelKey: 'Level2',
      routeSlug: 'legalManager',
      authority: 'LEGAL_MANAGER_SAUTH',
      trayColumns: ['status'],
      actions: [
        {
          name: 'approve',
          labelKey: 'Approve',
          to: { terminal: true },
          status: 'Closed',
          isCheckerAction: true,
          maker: 'clear',
        },
      ],
    },
  ],
  dateRules: [
    {
      name: 'AFTER_SERVICE',
      label: 'Ten days after service',
      labelKey: 'AfterService',
      kind: 'earliest',
      base: 'servedOn',
      offsetDays: 10,
      stages: ['DRAFT'],
      actions: ['submit'],
      source: 'test',
    },
    {
      name: 'AFTER_PUBLICATION',
      label: 'Five days after publication',
      labelKey: 'AfterPublication',
      kind: 'earliest',
      base: 'publishedOn',
      offsetDays: 5,
      stages: ['DRAFT'],
      actions: ['submit'],
      source: 'test',
    },
    {
      name: 'DRAFT_SLA',
      label: 'Draft within a month',
      labelKey: 'DraftSla',
      kind: 'latest',
      base: 'stageEnteredOn',
      offsetMonths: 1,
      stages: ['DRAFT'],
      source: 'test',
    },
  ],
});

const ALL = ['LEGAL_INIT_SAUTH', 'LEGAL_FILE_APP_SAUTH', 'LEGAL_MANAGER_SAUTH'];
const fields = { amount: '100.00', servedOn: '2026-03-01', publishedOn: '2026-03-08' };

describe('transition engine', () => {
  it('a level-1 approval that keeps the maker stops the maker from approving at level 2 too', () => {
    const level1 = snapshotFor(toy, 'LEVEL1', { fields, makerUserId: 'maker' });
    const approved = transition(toy, level1, 'approve', actorWith('first-checker', ALL), '2026-04-01');
    expect(approved.ok && approved.next).toMatchObject({ stage: 'LEVEL2', makerUserId: 'maker' });
    if (!approved.ok) return;
    const level2 = { ...level1, ...approved.next };
    expect(transition(toy, level2, 'approve', actorWith('maker', ALL), '2026-04-01')).toEqual({
      ok: false,
      refusal: { code: 'MAKER_CANNOT_CHECK', makerUserId: 'maker' },
    });
    expect(transition(toy, level2, 'approve', actorWith('second-checker', ALL), '2026-04-01').ok).toBe(true);
  });

  it('takes the first branch whose guard holds, else the unguarded one', () => {
    const fast = snapshotFor(toy, 'LEVEL1', { fields: { ...fields, route: 'FAST' } });
    const result = transition(toy, fast, 'approve', actorWith('c', ALL), '2026-04-01');
    expect(result.ok && [result.action.labelKey, result.next.isClosed]).toEqual(['ApproveFast', true]);
    const slow = transition(toy, snapshotFor(toy, 'LEVEL1', { fields }), 'approve', actorWith('c', ALL), '2026-04-01');
    expect(slow.ok && [slow.action.labelKey, slow.next.stage]).toEqual(['Approve', 'LEVEL2']);
  });

  it('a field entered with the action can choose the branch', () => {
    const draft = snapshotFor(toy, 'DRAFT', { fields, makerUserId: null });
    const submitted = transition(
      toy,
      draft,
      { name: 'submit', fields: { route: 'FAST' } },
      actorWith('m', ALL),
      '2026-04-01',
    );
    expect(submitted.ok).toBe(true);
    if (!submitted.ok) return;
    const fast = transition(toy, { ...draft, ...submitted.next }, 'approve', actorWith('c', ALL), '2026-04-01');
    expect(fast.ok && fast.next.isClosed).toBe(true);
  });

  it('with several earliest rules, the refusal names the one that binds (the latest date)', () => {
    const draft = snapshotFor(toy, 'DRAFT', { fields });
    // Service + 10 = 11 Mar; publication + 5 = 13 Mar.
    expect(transition(toy, draft, 'submit', actorWith('m', ALL), '2026-03-12')).toMatchObject({
      refusal: { code: 'TOO_EARLY', rule: 'AFTER_PUBLICATION', earliest: '2026-03-13' },
    });
    expect(transition(toy, draft, 'submit', actorWith('m', ALL), '2026-03-13').ok).toBe(true);
  });

  it('an earliest rule whose base is empty refuses with the missing field', () => {
    const draft = snapshotFor(toy, 'DRAFT', { fields: { amount: '100.00', servedOn: '2026-03-01' } });
    expect(transition(toy, draft, 'submit', actorWith('m', ALL), '2026-04-01')).toEqual({
      ok: false,
      refusal: { code: 'REQUIRED_FIELD_MISSING', fields: ['publishedOn'] },
    });
  });

  it('an action that does not validate the form ignores an incomplete one', () => {
    const draft = snapshotFor(toy, 'DRAFT', { fields: { amount: 'not money' } });
    expect(transition(toy, draft, 'close', actorWith('m', ALL), '2026-04-01').ok).toBe(true);
    expect(transition(toy, draft, 'submit', actorWith('m', ALL), '2026-04-01')).toEqual({
      ok: false,
      refusal: { code: 'FIELD_INVALID', errors: [{ field: 'amount', message: 'Only numbers are allowed' }] },
    });
  });

  it('but it still checks the values entered with it', () => {
    const draft = snapshotFor(toy, 'DRAFT', { fields });
    expect(
      transition(toy, draft, { name: 'close', fields: { route: 'SIDEWAYS' } }, actorWith('m', ALL), '2026-04-01'),
    ).toEqual({
      ok: false,
      refusal: { code: 'FIELD_INVALID', errors: [{ field: 'route', message: 'Select a value from the list' }] },
    });
  });

  it('a rule counted from the stage entry moves with it, month ends clamped', () => {
    const draft = snapshotFor(toy, 'DRAFT', { fields, stageEnteredOn: '2026-01-31' });
    expect(stageDueDate(toy, draft)).toBe('2026-02-28');
    expect(stageDates(toy, draft, '2026-03-01').find((d) => d.rule === 'DRAFT_SLA')).toMatchObject({
      date: '2026-02-28',
      isOverdue: true,
      daysLeft: -1,
    });
  });

  it('the action name may come alone or with a request', () => {
    const level1 = snapshotFor(toy, 'LEVEL1', { fields });
    const actor = actorWith('c', ALL);
    expect(transition(toy, level1, 'approve', actor, '2026-04-01')).toEqual(
      transition(toy, level1, { name: 'approve' }, actor, '2026-04-01'),
    );
  });
});

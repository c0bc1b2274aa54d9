import type { z } from 'zod';
import type {
  actionDefinitionSchema,
  Condition,
  documentRequirementSchema,
  fieldDefinitionSchema,
  FieldRule,
  FieldType,
  stageDefinitionSchema,
  WorkflowEffect,
} from '../definition.ts';

// Small helpers that keep the definitions readable. They only fill in the usual values of each action kind; every
// value stays overridable, and the result is plain data checked by the zod schema.

export type ActionInput = z.input<typeof actionDefinitionSchema>;
export type FieldInput = z.input<typeof fieldDefinitionSchema>;
export type DocumentInput = z.input<typeof documentRequirementSchema>;
export type StageInput = z.input<typeof stageDefinitionSchema>;

type ActionOptions = Partial<Omit<ActionInput, 'name' | 'to'>>;
type Target = string | { terminal: true } | { history: true };

const target = (to: Target): ActionInput['to'] => (typeof to === 'string' ? { stage: to } : to);

/** A maker completes the stage's work and hands it on. */
export function submit(to: Target, options: ActionOptions = {}): ActionInput {
  return {
    name: 'submit',
    labelKey: 'Submit',
    to: target(to),
    status: 'Submitted',
    maker: 'actor',
    validateForm: true,
    ...options,
  };
}

/** A maker recommends the case to a checker. */
export function recommend(to: Target, options: ActionOptions = {}): ActionInput {
  return {
    name: 'recommend',
    labelKey: 'Recommend',
    to: target(to),
    status: 'Recommended',
    maker: 'actor',
    validateForm: true,
    ...options,
  };
}

/** A checker approves someone else's step. */
export function approve(to: Target, options: ActionOptions = {}): ActionInput {
  return {
    name: 'approve',
    labelKey: 'Approve',
    to: target(to),
    status: 'Approved',
    isCheckerAction: true,
    maker: 'clear',
    validateForm: true,
    ...options,
  };
}

export function reject(to: Target, options: ActionOptions = {}): ActionInput {
  return {
    name: 'reject',
    labelKey: 'Reject',
    to: target(to),
    status: 'Rejected',
    isCheckerAction: true,
    remarksRequired: true,
    maker: 'clear',
    effects: ['notifyMaker'],
    ...options,
  };
}

/** A checker returns the step to its maker for correction. */
export function pushback(to: Target, options: ActionOptions = {}): ActionInput {
  return {
    name: 'pushback',
    labelKey: 'Pushback',
    to: target(to),
    status: 'Pushback',
    isCheckerAction: true,
    remarksRequired: true,
    maker: 'clear',
    effects: ['notifyMaker'],
    ...options,
  };
}

/** The case is not pursued: it closes as Declined. */
export function decline(options: ActionOptions = {}): ActionInput {
  return {
    name: 'decline',
    labelKey: 'Decline',
    to: { terminal: true },
    status: 'Declined',
    remarksRequired: true,
    maker: 'clear',
    ...options,
  };
}

export function close(options: ActionOptions = {}): ActionInput {
  return {
    name: 'close',
    labelKey: 'CloseCase',
    to: { terminal: true },
    status: 'Closed',
    maker: 'clear',
    validateForm: true,
    ...options,
  };
}

type FieldOptions = {
  required?: boolean;
  rules?: FieldRule[];
  when?: Condition;
};

export function field(name: string, labelKey: string, type: FieldType, options: FieldOptions = {}): FieldInput {
  return { name, labelKey, type, required: options.required ?? false, rules: options.rules ?? [], when: options.when };
}

/** A select; options as [value, labelKey] pairs. */
export function select(
  name: string,
  labelKey: string,
  options: readonly (readonly [string, string])[],
  fieldOptions: FieldOptions = {},
): FieldInput {
  return {
    ...field(name, labelKey, 'select', fieldOptions),
    options: options.map(([value, key]) => ({ value, labelKey: key })),
  };
}

/** A date that has happened (on or before the business date). */
export function pastDate(name: string, labelKey: string, options: FieldOptions = {}): FieldInput {
  return field(name, labelKey, 'date', { ...options, rules: [{ kind: 'notFuture' }, ...(options.rules ?? [])] });
}

export function document(code: string, labelKey: string, options: { required?: boolean; when?: Condition } = {}) {
  return { code, labelKey, required: options.required ?? true, when: options.when } satisfies DocumentInput;
}

export const effects = (...names: WorkflowEffect[]): WorkflowEffect[] => names;

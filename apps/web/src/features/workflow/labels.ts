import { PRODUCT_LABEL_KEY, type Product } from '@recovery-desk/domain/products.ts';
import type { Currency } from '@recovery-desk/domain/money.ts';
import type { FieldValue } from '@recovery-desk/domain/workflow/case-fields.ts';
import {
  definitionFields,
  type FieldDefinition,
  type WorkflowDefinition,
} from '@recovery-desk/domain/workflow/definition.ts';
import type { TFunction } from 'i18next';
import { shownParams } from '../../lib/i18n/dynamic-key.ts';
import { formatAmount, formatBusinessDate } from '../../lib/format.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

// Words for the codes of workflow data (stages, statuses, fields, options, refusals, effects). Their keys come from
// the definitions and the engine, so they are looked up at run time; a key missing from the dictionaries shows the
// fallback (the code as sent) rather than a blank.

type LooseTranslate = (key: string, options?: Record<string, unknown>) => string;

/** Translates a key chosen at run time; `fallback` when no dictionary holds it. */
export function tr(t: TFunction, key: string, fallback: string, params: Record<string, string | number> = {}): string {
  return String((t as unknown as LooseTranslate)(key, { ...shownParams(t, params), defaultValue: fallback }));
}

/** SCREAMING_SNAKE or camelCase → PascalCase (MISSING_AUTHORITY → MissingAuthority, placeLegalHold → PlaceLegalHold). */
export function pascalCase(code: string): string {
  if (code.includes('_') || code === code.toUpperCase()) {
    return code
      .toLowerCase()
      .split('_')
      .filter(Boolean)
      .map((word) => word[0]!.toUpperCase() + word.slice(1))
      .join('');
  }
  return code[0]!.toUpperCase() + code.slice(1);
}

export function caseStatusLabel(t: TFunction, status: string): string {
  return tr(t, `CaseStatus${status}`, status);
}

export function caseTabLabel(t: TFunction, tab: string): string {
  return tr(t, `CaseTab${pascalCase(tab)}`, tab);
}

export function effectLabel(t: TFunction, effect: string): string {
  return tr(t, `Effect${pascalCase(effect)}`, effect);
}

export function stageLabel(t: TFunction, definition: WorkflowDefinition | undefined, code: string | null): string {
  if (code === null) return '';
  const stage = definition?.stages.find((candidate) => candidate.code === code);
  return stage ? tr(t, stage.labelKey, code) : code;
}

export function fieldLabel(t: TFunction, field: Pick<FieldDefinition, 'labelKey' | 'name'>): string {
  return tr(t, field.labelKey, field.name);
}

/** The label of a field of a definition by name (the name itself when the definition has no such field). */
export function fieldLabelByName(t: TFunction, definition: WorkflowDefinition | undefined, name: string): string {
  const field = definition ? definitionFields(definition).get(name) : undefined;
  return field ? fieldLabel(t, field) : name;
}

export function optionLabel(t: TFunction, field: FieldDefinition, value: string): string {
  const option = field.options?.find((candidate) => candidate.value === value);
  return option ? tr(t, option.labelKey, value) : value;
}

export function productName(t: TFunction, code: string): string {
  const key = PRODUCT_LABEL_KEY[code as Product] as string | undefined;
  return key ? tr(t, key, code) : code;
}

export function money(
  amount: string | number | null | undefined,
  currency: string,
  language: string = i18n.language,
): string {
  if (amount === null || amount === undefined || amount === '') return '';
  return formatAmount(String(amount), currency === 'USD' ? 'USD' : ('INR' satisfies Currency), language);
}

/** A stored field value in words: options as their labels, dates and amounts formatted, yes/no for booleans. */
export function formatFieldValue(
  t: TFunction,
  field: FieldDefinition | undefined,
  value: FieldValue | undefined,
  language: string,
  currency = 'INR',
): string {
  if (value === undefined || value === null || value === '') return '';
  if (!field) return String(value);
  switch (field.type) {
    case 'boolean':
      return String(t(value === true || value === 'true' ? 'Yes' : 'No'));
    case 'select':
      return optionLabel(t, field, String(value));
    case 'date':
      return formatBusinessDate(String(value), language);
    case 'amount':
      return /^\d{1,15}(\.\d{1,2})?$/.test(String(value)) ? money(String(value), currency, language) : String(value);
    default:
      return String(value);
  }
}

// Filled badges in shade 9 keep white text at WCAG AA contrast.
const STATUS_COLORS: Record<string, string> = {
  Initiated: 'blue.9',
  Recommended: 'violet.9',
  Submitted: 'indigo.9',
  Approved: 'green.9',
  Rejected: 'red.9',
  Reconsider: 'cyan.9',
  Pushback: 'grape.9',
  Declined: 'gray.8',
  Withdrawn: 'gray.8',
  Closed: 'dark.7',
};

export function statusColor(status: string): string {
  return STATUS_COLORS[status] ?? 'gray.8';
}

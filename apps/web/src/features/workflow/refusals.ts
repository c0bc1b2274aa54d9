import type { WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import type { TFunction } from 'i18next';
import { authorityLabel } from '@recovery-desk/i18n/authority-labels.ts';
import { formatBusinessDate } from '../../lib/format.ts';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import { fieldLabelByName, pascalCase, tr } from './labels.ts';

// Why an action is refused, in words: `Refusal<PascalCode>` with the refusal's own details as parameters (field and
// document labels, the date and rule of a date rule, the screen of the missing authority).

export const OTHER_DOCUMENT_CODE = 'OTHER';

export type RefusalData = { code: string } & Record<string, unknown>;

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The document label of a checklist code of the definition ('Other document' for OTHER). */
export function documentLabel(t: TFunction, definition: WorkflowDefinition | undefined, code: string): string {
  if (code === OTHER_DOCUMENT_CODE) return String(t('WorkflowOtherDocument'));
  for (const stage of definition?.stages ?? []) {
    const requirement = stage.documents.find((document) => document.code === code);
    if (requirement) return tr(t, requirement.labelKey, code);
  }
  return code;
}

/** The field names a refusal (or an error reply) is about. */
export function refusalFields(refusal: Record<string, unknown>): string[] {
  const wrong = Array.isArray(refusal.errors)
    ? refusal.errors.flatMap((error: unknown) =>
        typeof error === 'object' && error !== null && typeof (error as { field?: unknown }).field === 'string'
          ? [(error as { field: string }).field]
          : [],
      )
    : [];
  // REQUIREMENTS_UNMET names both the empty fields and the wrong ones.
  return [...new Set([...stringList(refusal.fields), ...wrong])];
}

/** The document codes of a refusal: a list (engine) or comma-separated text (the server's DOCUMENT_MISSING). */
export function refusalDocuments(refusal: Record<string, unknown>): string[] {
  if (typeof refusal.documents === 'string') {
    return refusal.documents
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean);
  }
  return stringList(refusal.documents);
}

export function refusalText(
  t: TFunction,
  definition: WorkflowDefinition | undefined,
  refusal: RefusalData,
  language: string,
): string {
  const fields = refusalFields(refusal)
    .map((name) => fieldLabelByName(t, definition, name))
    .join(', ');
  const documents = refusalDocuments(refusal)
    .map((code) => documentLabel(t, definition, code))
    .join(', ');
  const earliest = typeof refusal.earliest === 'string' ? refusal.earliest : '';
  const ruleKey = typeof refusal.labelKey === 'string' ? refusal.labelKey : '';
  const ruleFallback =
    typeof refusal.label === 'string' ? refusal.label : typeof refusal.rule === 'string' ? refusal.rule : '';
  const params = {
    // The screen the missing authority opens, never its code (LEGAL_FILE_APP_SAUTH → Legal Filing Approval).
    screen:
      typeof refusal.authority === 'string'
        ? authorityLabel(refusal.authority, (key, fallback) => translateKey(t, key, fallback), definition?.app)
        : '',
    fields,
    documents,
    date: earliest ? formatBusinessDate(earliest, language) : '',
    rule: ruleKey ? tr(t, ruleKey, ruleFallback) : ruleFallback,
  };
  if (refusal.code === 'REQUIREMENTS_UNMET') {
    // Everything the action still needs, each kind by its own words.
    return [
      ...(refusal.remarks === true ? [String(t('RequirementsMissingRemarks'))] : []),
      ...(fields ? [String(t('RequirementsMissingFields', { fields }))] : []),
      ...(documents ? [String(t('RequirementsMissingDocuments', { documents }))] : []),
    ].join(' · ');
  }
  return tr(t, `Refusal${pascalCase(refusal.code)}`, String(t('WorkflowActionUnavailable')), params);
}

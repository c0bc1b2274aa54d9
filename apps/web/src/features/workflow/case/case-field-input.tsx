import { NativeSelect, Textarea, TextInput } from '@mantine/core';
import type { FieldDefinition, FieldRule } from '@recovery-desk/domain/workflow/definition.ts';
import { CNR_LENGTH, TEXT_MAX_LENGTH, TEXTAREA_MAX_LENGTH } from '@recovery-desk/domain/workflow/field-validation.ts';
import { normalizeSpaces, type InputRule } from '@recovery-desk/domain/validation.ts';
import { useState } from 'react';
import { MoneyInput } from '../../../components/form/index.ts';
import { useTranslation } from 'react-i18next';
import { applyTypingRules, type RuleMessage } from '../../../components/input-rules.ts';
import { translateWithParams } from '../../../lib/i18n/dynamic-key.ts';
import { fieldLabel, optionLabel } from '../labels.ts';
import type { DraftValue } from './field-values.ts';
import { DateInput } from '../../../components/form/date-input.tsx';

// One field of a workflow form, rendered from its definition: the input of its type, the typing rules of spec §5
// (digits only, uppercase letters and digits, maximum lengths), trimming on blur, 'Select <label>' placeholders.

/** Rules that rewrite typed input, for a field's type and its own rules. */
export function typingRules(field: FieldDefinition): InputRule[] {
  const own = field.rules.filter(
    (rule): rule is Extract<FieldRule, { kind: 'number' | 'phone' | 'upperAlphaNum' | 'maxLength' }> =>
      rule.kind === 'number' || rule.kind === 'phone' || rule.kind === 'upperAlphaNum' || rule.kind === 'maxLength',
  );
  switch (field.type) {
    case 'text':
    case 'court':
      return [...own, { kind: 'maxLength', length: TEXT_MAX_LENGTH }];
    case 'textarea':
      return [...own, { kind: 'maxLength', length: TEXTAREA_MAX_LENGTH }];
    case 'cnr':
      return [{ kind: 'upperAlphaNum' }, { kind: 'maxLength', length: CNR_LENGTH }];
    case 'phone':
      return [{ kind: 'phone' }];
    case 'number':
      return [{ kind: 'number' }, { kind: 'maxLength', length: 15 }];
    case 'email':
      return [{ kind: 'maxLength', length: TEXT_MAX_LENGTH }];
    default:
      return own;
  }
}

function upperCased(field: FieldDefinition): boolean {
  return field.type === 'cnr' || field.rules.some((rule) => rule.kind === 'upperAlphaNum');
}

export type CaseFieldInputProps = {
  field: FieldDefinition;
  value: DraftValue;
  onChange: (value: DraftValue) => void;
  /** a message in the interface language */
  error?: string;
  isRequired: boolean;
  isReadOnly: boolean;
  /** keeps ids unique when a field appears in the form and in a dialog */
  idPrefix: string;
  autoFocus?: boolean;
  /** the case account's currency: an amount field takes its minor units */
  currency?: string | null | undefined;
};

export function CaseFieldInput({
  field,
  value,
  onChange,
  error,
  isRequired,
  isReadOnly,
  idPrefix,
  autoFocus = false,
  currency,
}: CaseFieldInputProps) {
  const { t } = useTranslation();
  const [rejectedBy, setRejectedBy] = useState<RuleMessage | null>(null);
  const label = fieldLabel(t, field);
  const id = `${idPrefix}-${field.name}`;
  const shownError = rejectedBy ? translateWithParams(t, rejectedBy.key, rejectedBy.params) : error;
  const common = {
    id,
    name: field.name,
    label,
    required: isRequired,
    error: shownError,
    'data-autofocus': autoFocus || undefined,
    'data-testid': `field-${field.name}`,
  };

  if (field.type === 'select' || field.type === 'boolean') {
    const options =
      field.type === 'select'
        ? (field.options ?? []).map((option) => ({ value: option.value, label: optionLabel(t, field, option.value) }))
        : [
            { value: 'true', label: String(t('Yes')) },
            { value: 'false', label: String(t('No')) },
          ];
    return (
      <NativeSelect
        {...common}
        value={value === null ? '' : String(value)}
        disabled={isReadOnly}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          if (field.type === 'boolean') onChange(chosen === '' ? null : chosen === 'true');
          else onChange(chosen);
        }}
        data={[{ value: '', label: String(t('SelectPlaceholder', { label })) }, ...options]}
      />
    );
  }

  const text = typeof value === 'string' ? value : '';
  const handleChange = (raw: string) => {
    const result = applyTypingRules(raw, typingRules(field), upperCased(field));
    setRejectedBy(result.rejectedBy);
    onChange(result.value);
  };
  const handleBlur = () => {
    setRejectedBy(null);
    if (field.type === 'date') return;
    const normalized = field.type === 'textarea' ? text.trim() : normalizeSpaces(text);
    if (normalized !== text) onChange(normalized);
  };

  if (field.type === 'amount') {
    return (
      <MoneyInput
        {...common}
        currency={currency}
        value={text}
        readOnly={isReadOnly}
        onChange={(next) => {
          setRejectedBy(null);
          onChange(next);
        }}
      />
    );
  }

  if (field.type === 'textarea') {
    return (
      <Textarea
        {...common}
        value={text}
        readOnly={isReadOnly}
        autosize
        minRows={2}
        maxRows={8}
        onBlur={handleBlur}
        onChange={(event) => handleChange(event.currentTarget.value)}
      />
    );
  }

  if (field.type === 'date') {
    // The language's date form, never the browser's (form kit's date-input.tsx).
    return <DateInput {...common} value={text} readOnly={isReadOnly} onBlur={handleBlur} onChange={handleChange} />;
  }
  const inputType = field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : 'text';
  const inputMode =
    field.type === 'number' || field.type === 'phone' ? 'numeric' : field.type === 'email' ? 'email' : undefined;
  return (
    <TextInput
      {...common}
      type={inputType}
      inputMode={inputMode}
      value={text}
      readOnly={isReadOnly}
      autoCapitalize={upperCased(field) ? 'characters' : undefined}
      onBlur={handleBlur}
      onChange={(event) => handleChange(event.currentTarget.value)}
    />
  );
}

import { Checkbox, FileInput, NativeSelect, Textarea, TextInput } from '@mantine/core';
import {
  AMOUNT_INTEGER_DIGITS,
  compareAmounts,
  formatAmount,
  isAmountInMinorUnits,
  type Currency,
} from '@recovery-desk/domain/money.ts';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';
import type { InputRule } from '@recovery-desk/domain/validation.ts';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useController, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PrimaryButton, type PrimaryButtonProps } from '../primary-button.tsx';
import { isRequired as rulesRequire, type RuleMessage } from '../input-rules.ts';
import { describeMessage } from './messages.ts';
import { useZodFormContext } from './use-zod-form.ts';
import { fieldId } from './zod-form.tsx';
import { DateInput } from './date-input.tsx';
import { MoneyInput } from './money-input.tsx';
import { KitTextInput, type TextInputOptions } from './text-input-view.tsx';

// Mantine inputs bound to the kit's form: each shows its error (translated), is marked aria-invalid by Mantine when
// it has one, takes the focus when it is the first invalid field, and registers its label and §5 rules.

type CommonProps = {
  name: string;
  label: string;
  description?: ReactNode;
  disabled?: boolean;
  /** makes the field required (marked and validated); by default the schema and the field's rules decide */
  required?: boolean;
  /** the field a dialog focuses first (Mantine's Modal honours `data-autofocus`) */
  autoFocus?: boolean;
};

/** Binds a field to the form: value, error text, required mark; registers label and rules while mounted. */
function useKitField(
  name: string,
  label: string,
  rules: readonly InputRule[],
  required: boolean | undefined,
  check?: (value: unknown) => RuleMessage | null,
) {
  const { t } = useTranslation();
  const form = useZodFormContext();
  const controller = useController({ name, control: form.control });
  // `required` makes the field required now (a requirement that depends on other fields or the clock).
  const effectiveRules: readonly InputRule[] =
    required && !rulesRequire(rules) ? [{ kind: 'required' }, ...rules] : rules;
  const rulesKey = JSON.stringify(effectiveRules);
  useEffect(() => {
    form.fields.set(name, { label, rules: JSON.parse(rulesKey) as InputRule[], ...(check ? { check } : {}) });
    return () => {
      form.fields.delete(name);
    };
  }, [form.fields, name, label, rulesKey, check]);
  return {
    form,
    field: controller.field,
    error: describeMessage(t, controller.fieldState.error?.message),
    isRequired: required ?? (form.isRequired(name) || rulesRequire(rules)),
  };
}

export type TextFieldProps = CommonProps & TextInputOptions;

/** Text with the spec §5 rules: sanitised as typed (saying why characters vanished), trimmed on blur. */
export function TextField({ name, label, rules = [], required, autoFocus, ...rest }: TextFieldProps) {
  const { field, error, isRequired } = useKitField(name, label, rules, required);
  return (
    <KitTextInput
      {...rest}
      name={name}
      label={label}
      rules={rules}
      value={typeof field.value === 'string' ? field.value : ''}
      error={error}
      required={isRequired}
      autoFocus={autoFocus}
      inputRef={field.ref}
      onValue={field.onChange}
      onBlur={field.onBlur}
    />
  );
}

export type DateFieldProps = CommonProps & {
  /** dateMin, dateMax, datePast, dateFuture (ISO dates) */
  rules?: readonly InputRule[];
};

/** An ISO date (`YYYY-MM-DD`) with the spec's date rules, typed and shown in the interface language (date-input.tsx). */
export function DateField({ name, label, rules = [], required, autoFocus, ...rest }: DateFieldProps) {
  const { field, error, isRequired } = useKitField(name, label, rules, required);
  return (
    <DateInput
      {...rest}
      ref={field.ref}
      id={fieldId(name)}
      name={name}
      label={label}
      value={typeof field.value === 'string' ? field.value : ''}
      error={error}
      required={isRequired}
      data-autofocus={autoFocus || undefined}
      onChange={(value) => field.onChange(value)}
      onBlur={field.onBlur}
    />
  );
}

const MAX_INTEGER_DIGITS = AMOUNT_INTEGER_DIGITS;

export { MoneyInput, minorUnitsOf, sanitizeAmount, type MoneyInputProps } from './money-input.tsx';

export type AmountFieldProps = CommonProps & {
  /** the amount's currency: its minor units decide how many decimals may be typed */
  currency: string;
  /** the most the amount may be (an exact decimal), with the message naming it (`{{amount}}`: the formatted maximum) */
  max?: { amount: string; messageKey: DictionaryKey } | undefined;
};

/** A money amount as an exact decimal string in the currency's minor units (never a float), bound to the form. */
export function AmountField({
  name,
  label,
  currency,
  max,
  required,
  autoFocus,
  description,
  ...rest
}: AmountFieldProps) {
  const { t } = useTranslation();
  const maxAmount = max?.amount;
  const maxKey = max?.messageKey;
  const check = useCallback(
    (value: unknown): RuleMessage | null => {
      if (maxAmount === undefined || maxKey === undefined || typeof value !== 'string') return null;
      if (!isAmountInMinorUnits(value, currency) || compareAmounts(value, maxAmount) <= 0) return null;
      return { key: maxKey, params: { amount: formatAmount(maxAmount, currency as Currency) } };
    },
    [maxAmount, maxKey, currency],
  );
  const { field, error, isRequired } = useKitField(
    name,
    label,
    [],
    required,
    maxAmount === undefined ? undefined : check,
  );
  return (
    <MoneyInput
      {...rest}
      ref={field.ref}
      id={fieldId(name)}
      name={name}
      label={label}
      currency={currency}
      value={typeof field.value === 'string' ? field.value : ''}
      description={description ?? String(t('FormAmountIn', { currency }))}
      error={error}
      required={isRequired}
      data-autofocus={autoFocus || undefined}
      onChange={(next) => field.onChange(next)}
      onBlur={() => field.onBlur()}
    />
  );
}

export type NumberFieldProps = CommonProps & { placeholder?: string };

/** A whole number (digits only, stored as a number; empty is no value). */
export function NumberField({ name, label, required, autoFocus, ...rest }: NumberFieldProps) {
  const { t } = useTranslation();
  const { field, error, isRequired } = useKitField(name, label, [], required);
  const [rejected, setRejected] = useState(false);
  const value = typeof field.value === 'number' ? String(field.value) : '';
  return (
    <TextInput
      {...rest}
      ref={field.ref}
      id={fieldId(name)}
      name={name}
      label={label}
      inputMode="numeric"
      value={value}
      error={rejected ? String(t('ValidationNumber')) : error}
      required={isRequired}
      data-autofocus={autoFocus || undefined}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        const digits = typed.replace(/\D+/g, '').slice(0, MAX_INTEGER_DIGITS);
        setRejected(digits !== typed);
        field.onChange(digits === '' ? undefined : Number(digits));
      }}
      onBlur={() => {
        setRejected(false);
        field.onBlur();
      }}
    />
  );
}

export type SelectOption = { value: string; label: string };

export type SelectFieldProps = CommonProps & {
  options: readonly SelectOption[];
  /** store the chosen value as a number (ids) instead of a string */
  valueAs?: 'string' | 'number';
  /** runs after the value changed (e.g. to clear a dependent field) */
  onValueChange?: (value: string) => void;
};

/** A select whose first option is the spec's placeholder 'Select <label>' (spec §5). */
export function SelectField({
  name,
  label,
  options,
  valueAs = 'string',
  required,
  autoFocus,
  onValueChange,
  ...rest
}: SelectFieldProps) {
  const { t } = useTranslation();
  const { field, error, isRequired } = useKitField(name, label, [], required);
  const value = field.value === undefined || field.value === null ? '' : String(field.value);
  return (
    <NativeSelect
      {...rest}
      ref={field.ref}
      id={fieldId(name)}
      name={name}
      label={label}
      value={value}
      error={error}
      required={isRequired}
      data-autofocus={autoFocus || undefined}
      onBlur={field.onBlur}
      onChange={(event) => {
        const chosen = event.currentTarget.value;
        field.onChange(valueAs === 'number' ? (chosen === '' ? undefined : Number(chosen)) : chosen);
        onValueChange?.(chosen);
      }}
      data={[{ value: '', label: String(t('SelectPlaceholder', { label })) }, ...options]}
    />
  );
}

export type TextareaFieldProps = CommonProps & {
  maxLength?: number;
  minRows?: number;
  maxRows?: number;
  /** spec §5 rules (required, minimum and maximum length) */
  rules?: readonly InputRule[];
  /** a fixed-width font (templates, where spacing and placeholders matter) */
  monospace?: boolean;
  /** trims the text on blur (default); templates keep their spacing */
  trim?: boolean;
};

/** Remarks and other free text: trimmed on blur, its length rules with the spec's messages. */
export function TextareaField({
  name,
  label,
  maxLength,
  minRows = 2,
  maxRows,
  rules = [],
  monospace = false,
  trim = true,
  required,
  autoFocus,
  ...rest
}: TextareaFieldProps) {
  const { field, error, isRequired } = useKitField(name, label, rules, required);
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <Textarea
      {...rest}
      ref={field.ref}
      id={fieldId(name)}
      name={name}
      label={label}
      value={value}
      maxLength={maxLength}
      autosize
      minRows={minRows}
      {...(maxRows ? { maxRows } : {})}
      {...(monospace ? { styles: { input: { fontFamily: 'monospace' } } } : {})}
      error={error}
      required={isRequired}
      data-autofocus={autoFocus || undefined}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={() => {
        const trimmed = trim ? value.trim() : value;
        if (trimmed !== value) field.onChange(trimmed);
        field.onBlur();
      }}
    />
  );
}

export type FileFieldProps = CommonProps & {
  accept?: string;
  placeholder?: string;
  /** the file's own checks (type, size); a missing file is 'This field is required' unless `check` says otherwise */
  check?: (file: File | null) => RuleMessage | null;
};

/** One file (a File, or null when none is chosen). */
export function FileField({ name, label, check, required, autoFocus, ...rest }: FileFieldProps) {
  const fileCheck = useCallback(
    (value: unknown) => (check ? check(value instanceof File ? value : null) : null),
    [check],
  );
  const { field, error, isRequired } = useKitField(name, label, [], required, fileCheck);
  return (
    <FileInput
      {...rest}
      ref={field.ref}
      id={fieldId(name)}
      name={name}
      label={label}
      value={field.value instanceof File ? field.value : null}
      error={error}
      required={isRequired}
      clearable
      data-autofocus={autoFocus || undefined}
      onChange={(file) => field.onChange(file)}
      onBlur={field.onBlur}
    />
  );
}

export type CheckboxFieldProps = Omit<CommonProps, 'required'>;

/** A yes/no field (a boolean value). */
export function CheckboxField({ name, label, autoFocus, ...rest }: CheckboxFieldProps) {
  const { field, error } = useKitField(name, label, [], false);
  return (
    <Checkbox
      {...rest}
      ref={field.ref}
      id={fieldId(name)}
      name={name}
      label={label}
      checked={field.value === true}
      error={error}
      data-autofocus={autoFocus || undefined}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={field.onBlur}
    />
  );
}

export type SubmitButtonProps = Omit<PrimaryButtonProps, 'type' | 'loading'> & { children: ReactNode };

/** The form's submit button: shows progress and is disabled while the form submits (no double submit). */
export function SubmitButton({ disabled, children, ...rest }: SubmitButtonProps) {
  const form = useZodFormContext();
  const { isSubmitting } = useFormState({ control: form.control });
  return (
    <PrimaryButton {...rest} type="submit" loading={isSubmitting} disabled={disabled || isSubmitting}>
      {children}
    </PrimaryButton>
  );
}

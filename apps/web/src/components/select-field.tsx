import { NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../lib/http-client.ts';
import { serverErrorFor } from './form/server-errors.ts';

export type SelectOption = { value: string; label: string };

export type SelectFieldProps = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  isRequired?: boolean;
  showErrors?: boolean;
  serverErrors?: readonly FieldError[];
  description?: string;
  disabled?: boolean;
  /** the field a dialog focuses first (Mantine's Modal honours `data-autofocus`) */
  autoFocus?: boolean;
};

/** A select whose first option is the spec's placeholder 'Select <label>' (spec §5). */
export function SelectField({
  label,
  name,
  value,
  onChange,
  options,
  isRequired = false,
  showErrors = false,
  serverErrors = [],
  description,
  disabled,
  autoFocus = false,
}: SelectFieldProps) {
  const { t } = useTranslation();
  const [isTouched, setIsTouched] = useState(false);
  const isMissing = isRequired && value === '' && (isTouched || showErrors);
  const error = isMissing ? String(t('ValidationRequired')) : (serverErrorFor(serverErrors, name, label) ?? undefined);
  return (
    <NativeSelect
      id={`field-${name}`}
      name={name}
      label={label}
      value={value}
      required={isRequired}
      error={error}
      description={description}
      disabled={disabled}
      data-autofocus={autoFocus || undefined}
      onBlur={() => setIsTouched(true)}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[{ value: '', label: String(t('SelectPlaceholder', { label })) }, ...options]}
    />
  );
}

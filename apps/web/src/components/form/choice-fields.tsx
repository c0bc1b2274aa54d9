import { Checkbox, Group, Switch } from '@mantine/core';
import { useEffect } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describeMessage } from './messages.ts';
import { useZodFormContext } from './use-zod-form.ts';
import { fieldId } from './zod-form.tsx';

// Choice fields of the kit beyond one checkbox: several of a fixed list (a list of codes) and an on/off switch.

function useChoiceField(name: string, label: string) {
  const { t } = useTranslation();
  const form = useZodFormContext();
  const controller = useController({ name, control: form.control });
  useEffect(() => {
    form.fields.set(name, { label, rules: [] });
    return () => {
      form.fields.delete(name);
    };
  }, [form.fields, name, label]);
  return { field: controller.field, error: describeMessage(t, controller.fieldState.error?.message) };
}

export type CheckboxGroupFieldProps = {
  name: string;
  label: string;
  /** the choices, in the order they are shown and kept in the value */
  options: readonly { value: string; label: string }[];
  required?: boolean;
};

/** Several choices of a fixed list; the value is the chosen codes, in the options' order. */
export function CheckboxGroupField({ name, label, options, required }: CheckboxGroupFieldProps) {
  const { field, error } = useChoiceField(name, label);
  const value = Array.isArray(field.value) ? (field.value as string[]) : [];
  return (
    <Checkbox.Group
      id={fieldId(name)}
      label={label}
      value={value}
      error={error}
      required={required}
      onChange={(chosen) => {
        field.onChange(options.map((option) => option.value).filter((code) => chosen.includes(code)));
        field.onBlur();
      }}
    >
      <Group gap="md" mt={4}>
        {options.map((option, index) => (
          <Checkbox
            key={option.value}
            value={option.value}
            label={option.label}
            // the group's first box takes the focus when the group is the first invalid field
            {...(index === 0 ? { ref: field.ref } : {})}
          />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

export type SwitchFieldProps = { name: string; label: string; disabled?: boolean };

/** An on/off setting (a boolean value), shown as a switch. */
export function SwitchField({ name, label, disabled }: SwitchFieldProps) {
  const { field, error } = useChoiceField(name, label);
  return (
    <Switch
      ref={field.ref}
      id={fieldId(name)}
      name={name}
      label={label}
      disabled={disabled}
      checked={field.value === true}
      error={error}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={field.onBlur}
    />
  );
}

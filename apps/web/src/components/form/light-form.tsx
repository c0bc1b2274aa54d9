import type { InputRule } from '@recovery-desk/domain/validation.ts';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { firstBrokenRule, isRequired as rulesRequire, type RuleMessage } from '../input-rules.ts';
import { PrimaryButton, type PrimaryButtonProps } from '../primary-button.tsx';
import { translateWithParams } from '../../lib/i18n/dynamic-key.ts';
import { focusFirstInvalid } from './field-id.ts';
import { KitTextInput, type TextInputOptions } from './text-input-view.tsx';

// The form kit's light form, for the public sign-in page: a few text fields checked by their spec §5 rules only, with
// no react-hook-form and no zod schema, so the login page does not download them (docs/architecture.md, "Page
// weight"). It looks and behaves as the kit does: the same input (text-input-view.tsx), the same messages, validation
// on submit and then on change, the first invalid field focused, one submit at a time, values trimmed. Forms that
// send a contract, or need more than text, use the full kit (useZodForm, ZodForm).

export type LightFieldSpec = {
  /** spec §5 rules (checked on submit, and sanitising as typed); `required` may be given as a rule or here */
  rules?: readonly InputRule[];
  required?: boolean;
  /** trim the value handed to submit (as the contracts' `.trim()` does); passwords keep their spaces */
  trim?: boolean;
};

export type LightFormApi<Name extends string> = {
  values: Record<Name, string>;
  errors: Partial<Record<Name, RuleMessage>>;
  isSubmitting: boolean;
  specs: Record<Name, LightFieldSpec>;
  setValue: (name: Name, value: string) => void;
  /** checks the named fields (all by default), shows their errors and focuses the first invalid one; true if valid */
  validate: (names?: readonly Name[]) => boolean;
  /** the values as submitted (trimmed where the field says so) */
  getValues: () => Record<Name, string>;
  isSubmitted: boolean;
  markSubmitting: (isSubmitting: boolean) => void;
  markSubmitted: () => void;
};

function effectiveRules(spec: LightFieldSpec): readonly InputRule[] {
  const rules = spec.rules ?? [];
  return spec.required && !rulesRequire(rules) ? [{ kind: 'required' }, ...rules] : rules;
}

function brokenRule(spec: LightFieldSpec, value: string): RuleMessage | null {
  return firstBrokenRule(spec.trim ? value.trim() : value, effectiveRules(spec));
}

export function useLightForm<Name extends string>(
  specs: Record<Name, LightFieldSpec>,
  defaults: Record<Name, string>,
): LightFormApi<Name> {
  const [values, setValues] = useState(defaults);
  const [errors, setErrors] = useState<Partial<Record<Name, RuleMessage>>>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const names = Object.keys(specs) as Name[];
  const latest = useRef(values);
  latest.current = values;

  const checkField = (name: Name, value: string) => {
    const broken = brokenRule(specs[name], value);
    setErrors((previous) => {
      const next = { ...previous };
      if (broken) next[name] = broken;
      else delete next[name];
      return next;
    });
    return broken === null;
  };

  return {
    values,
    errors,
    isSubmitting,
    isSubmitted,
    specs,
    setValue: (name, value) => {
      latest.current = { ...latest.current, [name]: value };
      setValues(latest.current);
      // as the kit: validation on submit, then on change
      if (isSubmitted) checkField(name, value);
    },
    validate: (only = names) => {
      const invalid = only.filter((name) => !checkField(name, latest.current[name]));
      focusFirstInvalid(invalid);
      return invalid.length === 0;
    },
    getValues: () =>
      Object.fromEntries(
        names.map((name) => [name, specs[name].trim ? latest.current[name].trim() : latest.current[name]]),
      ) as Record<Name, string>,
    markSubmitting: setIsSubmitting,
    markSubmitted: () => setIsSubmitted(true),
  };
}

type LightFormProps<Name extends string> = {
  form: LightFormApi<Name>;
  onSubmit: (values: Record<Name, string>) => Promise<unknown> | void;
  children: ReactNode;
  'aria-labelledby'?: string;
};

/** The form element: validates every field on submit, then submits once at a time. */
export function LightForm<Name extends string>({ form, onSubmit, children, ...attributes }: LightFormProps<Name>) {
  const isRunning = useRef(false);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.stopPropagation();
    event.preventDefault();
    if (isRunning.current) return;
    form.markSubmitted();
    if (!form.validate()) return;
    isRunning.current = true;
    form.markSubmitting(true);
    void Promise.resolve()
      .then(() => onSubmit(form.getValues()))
      .finally(() => {
        isRunning.current = false;
        form.markSubmitting(false);
      });
  };
  return (
    <form noValidate onSubmit={handleSubmit} {...attributes}>
      {children}
    </form>
  );
}

type LightTextFieldProps<Name extends string> = Omit<TextInputOptions, 'rules'> & {
  form: LightFormApi<Name>;
  name: Name;
  label: string;
};

/** A text field of the light form: the kit's input, its rules from the form's field spec. */
export function LightTextField<Name extends string>({ form, name, label, ...rest }: LightTextFieldProps<Name>) {
  const { t } = useTranslation();
  const spec = form.specs[name];
  const error = form.errors[name];
  return (
    <KitTextInput
      {...rest}
      name={name}
      label={label}
      rules={spec.rules ?? []}
      value={form.values[name]}
      error={error ? translateWithParams(t, error.key, error.params) : undefined}
      required={rulesRequire(effectiveRules(spec))}
      onValue={(value) => form.setValue(name, value)}
    />
  );
}

/** The light form's submit button: shows progress and is disabled while the form submits. */
export function LightSubmitButton<Name extends string>({
  form,
  disabled,
  children,
  ...rest
}: Omit<PrimaryButtonProps, 'type' | 'loading'> & { form: LightFormApi<Name>; children: ReactNode }) {
  return (
    <PrimaryButton {...rest} type="submit" loading={form.isSubmitting} disabled={disabled || form.isSubmitting}>
      {children}
    </PrimaryButton>
  );
}

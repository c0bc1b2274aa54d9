import { PasswordInput, TextInput } from '@mantine/core';
import type { InputRule } from '@recovery-desk/domain/validation.ts';
import { normalizeSpaces } from '@recovery-desk/domain/validation.ts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../lib/http-client.ts';
import { serverErrorFor } from './form/server-errors.ts';
import { translateWithParams } from '../lib/i18n/dynamic-key.ts';
import { DateInput } from './form/date-input.tsx';
import { applyTypingRules, firstBrokenRule, isRequired, type RuleMessage } from './input-rules.ts';

export type ValidatedTextInputProps = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  rules?: readonly InputRule[];
  /** the spec's uppercase directive: text is uppercased as typed */
  uppercase?: boolean;
  type?: 'text' | 'email' | 'password' | 'date' | 'time' | 'tel';
  /** show rule errors even before the field is touched (after a submit attempt) */
  showErrors?: boolean;
  serverErrors?: readonly FieldError[];
  description?: ReactNode;
  autoComplete?: string;
  disabled?: boolean;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  autoFocus?: boolean;
};

/** A text input with the reusable rules of spec §5: sanitising while typing, trim on blur, exact messages. */
export function ValidatedTextInput({
  label,
  name,
  value,
  onChange,
  rules = [],
  uppercase = false,
  type = 'text',
  showErrors = false,
  serverErrors = [],
  description,
  autoComplete,
  disabled,
  inputMode,
  autoFocus,
}: ValidatedTextInputProps) {
  const { t } = useTranslation();
  const [isTouched, setIsTouched] = useState(false);
  const [rejectedBy, setRejectedBy] = useState<RuleMessage | null>(null);
  const [isRevealed, setIsRevealed] = useState(false);

  const broken = firstBrokenRule(value, rules);
  const ruleMessage = rejectedBy ?? (isTouched || showErrors ? broken : null);
  const serverMessage = serverErrorFor(serverErrors, name, label);
  const error = ruleMessage
    ? translateWithParams(t, ruleMessage.key, ruleMessage.params)
    : (serverMessage ?? undefined);

  const handleChange = (raw: string) => {
    const result = applyTypingRules(raw, rules, uppercase);
    setRejectedBy(result.rejectedBy);
    onChange(result.value);
  };

  const handleBlur = () => {
    setIsTouched(true);
    setRejectedBy(null);
    if (type === 'password') return;
    const normalized = normalizeSpaces(value);
    if (normalized !== value) onChange(normalized);
  };

  const common = {
    label,
    name,
    id: `field-${name}`,
    value,
    error,
    description,
    required: isRequired(rules),
    autoComplete,
    disabled,
    autoFocus,
    onBlur: handleBlur,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => handleChange(event.currentTarget.value),
  };

  if (type === 'password') {
    return (
      <PasswordInput
        {...common}
        visible={isRevealed}
        visibilityToggleFocusable
        onVisibilityChange={setIsRevealed}
        visibilityToggleButtonProps={{
          'aria-label': String(t(isRevealed ? 'HidePassword' : 'ShowPassword')),
          'aria-pressed': isRevealed,
          title: String(t(isRevealed ? 'HidePassword' : 'ShowPassword')),
        }}
        visibilityToggleIcon={({ reveal }) => <EyeIcon isCrossed={reveal} />}
      />
    );
  }
  if (type === 'date') {
    // The language's date form, never the browser's (form/date-input.tsx).
    return <DateInput {...common} onChange={(next) => onChange(next)} />;
  }
  return <TextInput {...common} type={type} inputMode={inputMode} />;
}

function EyeIcon({ isCrossed }: { isCrossed: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 5C6.5 5 2.7 9.2 1.5 12c1.2 2.8 5 7 10.5 7s9.3-4.2 10.5-7C21.3 9.2 17.5 5 12 5zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8z"
        fill="currentColor"
      />
      {isCrossed ? <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" /> : null}
    </svg>
  );
}

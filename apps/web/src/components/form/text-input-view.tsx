import { PasswordInput, TextInput } from '@mantine/core';
import type { InputRule } from '@recovery-desk/domain/validation.ts';
import { normalizeSpaces } from '@recovery-desk/domain/validation.ts';
import { useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { applyTypingRules, type RuleMessage } from '../input-rules.ts';
import { translateWithParams } from '../../lib/i18n/dynamic-key.ts';
import { fieldId } from './field-id.ts';

// The kit's text input as it looks and behaves, whatever holds its value: the full kit's TextField (react-hook-form)
// and the light form of small public forms (light-form.tsx) both render it.

export type TextInputOptions = {
  /** spec §5 rules: sanitising while typing and the exact messages */
  rules?: readonly InputRule[];
  /** the spec's uppercase directive: text is uppercased as typed */
  uppercase?: boolean;
  type?: 'text' | 'email' | 'password' | 'tel' | 'time';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  placeholder?: string;
};

export type KitTextInputProps = TextInputOptions & {
  name: string;
  label: string;
  description?: ReactNode;
  disabled?: boolean;
  value: string;
  /** the field's error, already translated */
  error: string | undefined;
  required: boolean;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onValue: (value: string) => void;
  onBlur?: () => void;
};

/** Text with the spec §5 rules: sanitised as typed (saying why characters vanished), spaces normalised on blur. */
export function KitTextInput({
  name,
  label,
  rules = [],
  uppercase = false,
  type = 'text',
  value,
  error,
  required,
  autoFocus,
  inputRef,
  onValue,
  onBlur,
  ...rest
}: KitTextInputProps) {
  const { t } = useTranslation();
  const [rejectedBy, setRejectedBy] = useState<RuleMessage | null>(null);
  const [isRevealed, setIsRevealed] = useState(false);
  const shown = rejectedBy ? translateWithParams(t, rejectedBy.key, rejectedBy.params) : error;

  const common = {
    ...rest,
    ref: inputRef,
    id: fieldId(name),
    name,
    label,
    value,
    error: shown,
    required,
    'data-autofocus': autoFocus || undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const result = applyTypingRules(event.currentTarget.value, rules, uppercase);
      setRejectedBy(result.rejectedBy);
      onValue(result.value);
    },
    onBlur: () => {
      setRejectedBy(null);
      if (type !== 'password') {
        const normalized = normalizeSpaces(value);
        if (normalized !== value) onValue(normalized);
      }
      onBlur?.();
    },
  };

  if (type === 'password') {
    const toggle = String(t(isRevealed ? 'HidePassword' : 'ShowPassword'));
    return (
      <PasswordInput
        {...common}
        visible={isRevealed}
        visibilityToggleFocusable
        onVisibilityChange={setIsRevealed}
        visibilityToggleButtonProps={{ 'aria-label': toggle, 'aria-pressed': isRevealed, title: toggle }}
        visibilityToggleIcon={({ reveal }) => <EyeIcon isCrossed={reveal} />}
      />
    );
  }
  return <TextInput {...common} type={type} />;
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

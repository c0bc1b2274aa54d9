import { TextInput, type TextInputProps } from '@mantine/core';
import { minorUnitsOf, sanitizeAmountInput } from '@recovery-desk/domain/money.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

// The money input on its own (no form library): list filters use it without downloading the form kit.

/** The number of decimals a currency's amounts have (INR and USD: 2): the domain's table of minor units. */
export { minorUnitsOf };

/** Keeps digits and one decimal point, at most `decimals` decimals and 15 integer digits. */
export const sanitizeAmount = sanitizeAmountInput;

export type MoneyInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'inputMode'> & {
  ref?: React.Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
  /** the amount's currency: its minor units decide how many decimals may be typed (none known: the most any has) */
  currency?: string | null | undefined;
};

/**
 * The one money input: an exact decimal string in the currency's minor units (never a float), typed characters that
 * are not part of an amount removed with the reason shown. AmountField binds it to a kit form; list filters, the
 * workflow stage form and Legal Settings use it directly.
 */
export function MoneyInput({ value, onChange, currency, error, onBlur, ...rest }: MoneyInputProps) {
  const { t } = useTranslation();
  const decimals = minorUnitsOf(currency);
  const [rejected, setRejected] = useState(false);
  return (
    <TextInput
      {...rest}
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      value={value}
      error={rejected ? String(t('ValidationNumber')) : error}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        const next = sanitizeAmountInput(typed, decimals);
        setRejected(next !== typed);
        onChange(next);
      }}
      onBlur={(event) => {
        setRejected(false);
        if (value.endsWith('.')) onChange(value.slice(0, -1));
        onBlur?.(event);
      }}
    />
  );
}

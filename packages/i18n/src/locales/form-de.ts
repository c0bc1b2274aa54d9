import type { FormKey } from './form-en.ts';

// German strings of the web form kit.
export const formDe: Record<FormKey, string> = {
  FormInvalidValue: 'Ungültiger Wert',
  FormInvalidDate: 'Geben Sie ein gültiges Datum ein',
  FormMinimumValue: 'Der Wert muss mindestens {{n}} betragen',
  FormMaximumValue: 'Der Wert darf höchstens {{n}} betragen',
  FormAmountIn: 'Betrag in {{currency}}',
};

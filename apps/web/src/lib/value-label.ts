import type { TFunction } from 'i18next';
import { valueLabel, type ValueKind } from '@recovery-desk/i18n/value-labels.ts';
import { translateKey } from './i18n/dynamic-key.ts';

// A coded value of the data (RESIDENCE, SELF, PRIMARY, a disposition code) as the screens show it: its value label
// in the interface language (packages/i18n value-labels.ts, shared with the server's exports); the code only when it
// has no label.
export type { ValueKind };

export function valueText(t: TFunction, kind: ValueKind, code: string | null | undefined): string {
  return valueLabel(kind, code, (key, fallback) => translateKey(t, key, fallback));
}

import type { MoneyKey } from './money-en.ts';

// German strings of money and promise checks.
export const moneyDe: Record<MoneyKey, string> = {
  PtpAboveTotalDue: 'Eine Zusage darf den fälligen Gesamtbetrag {{amount}} nicht übersteigen.',
  PtpDeviationTitle: 'Außerhalb der PTP-Richtlinie: eine Vorgesetzte genehmigt diese Zusage',
  PtpDeviationReasons: 'Außerhalb der Richtlinie: {{reasons}}',
  PtpDeviationReason: 'Begründung der Abweichung',
  PtpDeviationReasonNeeded: 'Diese Zusage liegt außerhalb der PTP-Richtlinie: begründen Sie die Abweichung.',
  AmountHintDecimals: 'Betrag in {{currency}}, bis zu {{decimals}} Nachkommastellen.',
  SortedWithinCurrency: 'Beträge werden innerhalb ihrer Währung sortiert: alle {{first}}-Beträge, dann {{second}}.',
  OverdueCurrency: 'Währung des Rückstands',
};

// English strings of money and promise checks: amounts in the currency's minor units, the PTP sanity checks
// (total due, policy horizon and the deviation reason) and the money columns of exports.
export const moneyEn = {
  PtpAboveTotalDue: 'A promise cannot be more than the total due amount {{amount}}.',
  PtpDeviationTitle: 'Outside the PTP policy: a supervisor approves this promise',
  PtpDeviationReasons: 'Outside the policy: {{reasons}}',
  PtpDeviationReason: 'Reason for the deviation',
  PtpDeviationReasonNeeded: 'This promise is outside the PTP policy: give the reason for the deviation.',
  AmountHintDecimals: 'Amount in {{currency}}, up to {{decimals}} decimals.',
  SortedWithinCurrency: 'Amounts sort within their currency: all {{first}} amounts, then {{second}}.',
  OverdueCurrency: 'Overdue currency',
} as const;
export type MoneyKey = keyof typeof moneyEn;

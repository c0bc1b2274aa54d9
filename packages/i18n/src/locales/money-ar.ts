import type { MoneyKey } from './money-en.ts';

// Arabic strings of money and promise checks.
export const moneyAr: Record<MoneyKey, string> = {
  PtpAboveTotalDue: 'لا يمكن أن يتجاوز الوعد المبلغ المستحق الإجمالي {{amount}}.',
  PtpDeviationTitle: 'خارج سياسة الوعد بالسداد: يوافق المشرف على هذا الوعد',
  PtpDeviationReasons: 'خارج السياسة: {{reasons}}',
  PtpDeviationReason: 'سبب الانحراف',
  PtpDeviationReasonNeeded: 'هذا الوعد خارج سياسة الوعد بالسداد: اذكر سبب الانحراف.',
  AmountHintDecimals: 'المبلغ بعملة {{currency}}، حتى {{decimals}} منازل عشرية.',
  SortedWithinCurrency: 'تُرتَّب المبالغ داخل عملتها: كل مبالغ {{first}} ثم {{second}}.',
  OverdueCurrency: 'عملة المتأخرات',
};

import type { FormKey } from './form-en.ts';

// Arabic strings of the web form kit.
export const formAr: Record<FormKey, string> = {
  FormInvalidValue: 'قيمة غير صالحة',
  FormInvalidDate: 'أدخل تاريخًا صالحًا',
  FormMinimumValue: 'يجب أن تكون القيمة {{n}} على الأقل',
  FormMaximumValue: 'يجب ألا تتجاوز القيمة {{n}}',
  FormAmountIn: 'المبلغ بعملة {{currency}}',
};

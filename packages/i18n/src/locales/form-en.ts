// English strings of the web form kit (components/form) and of the forms moved onto it (issue 10).
export const formEn = {
  FormInvalidValue: 'Invalid value',
  FormInvalidDate: 'Enter a valid date',
  FormMinimumValue: 'Value should be at least {{n}}',
  FormMaximumValue: 'Value should be at most {{n}}',
  FormAmountIn: 'Amount in {{currency}}',
} as const;

export type FormKey = keyof typeof formEn;

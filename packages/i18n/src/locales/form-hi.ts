import type { FormKey } from './form-en.ts';

// Hindi strings of the web form kit.
export const formHi: Record<FormKey, string> = {
  FormInvalidValue: 'अमान्य मान',
  FormInvalidDate: 'मान्य तिथि दर्ज करें',
  FormMinimumValue: 'मान कम से कम {{n}} होना चाहिए',
  FormMaximumValue: 'मान अधिकतम {{n}} होना चाहिए',
  FormAmountIn: '{{currency}} में राशि',
};

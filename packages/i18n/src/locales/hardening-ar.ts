// Arabic: messages of the hardening work (a security test's findings).
export const hardeningAr = {
  ErrorPreconditionRequired: 'لم يذكر هذا التغيير نسخة السجل التي أُجري عليها. أعد تحميل السجل وأجرِ التغيير مرة أخرى.',
  ErrorDetailPreconditionRequired: 'أرسل مع هذا التغيير نسخة السجل التي قرأتها (الحقل "version").',
};

import type { DeliveryKey } from './delivery-en.ts';

// Arabic strings of sign-in delivery.
export const deliveryAr: Record<DeliveryKey, string> = {
  OtpSentTitle: 'تحقق من بريدك الإلكتروني',
  OtpSentEnterIt: 'أرسلنا رمزًا لمرة واحدة إلى بريدك الإلكتروني المسجل. أدخله ثم اضغط تسجيل الدخول.',
  OtpEnterSentCode: 'أدخل الرمز لمرة واحدة الذي أرسلناه إلى بريدك الإلكتروني المسجل، ثم اضغط تسجيل الدخول.',
  SsoNotConfiguredTitle: 'تسجيل الدخول الموحد غير مهيأ',
  SsoNotConfigured:
    'لا يوجد مزود لتسجيل الدخول الموحد في هذا التثبيت. سجّل الدخول باسم المستخدم وكلمة المرور، أو اطلب من المسؤول ضبط OIDC_ISSUER.',
  DemoIdpTitle: 'مزود هوية تجريبي',
  DemoIdpIntro:
    'في الوضع التجريبي فقط: يحل هذا محل تسجيل الدخول الموحد لمؤسستك. سجّل الدخول كمستخدم تجريبي بكلمة مروره.',
  DemoIdpUser: 'المستخدم التجريبي',
  DemoIdpPassword: 'كلمة المرور',
  DemoIdpSignIn: 'سجّل الدخول وعد إلى Recovery Desk',
  DemoIdpCancel: 'إلغاء',
  DemoIdpWrongCredentials: 'اسم المستخدم أو كلمة المرور غير صحيحة.',
  DemoIdpExpired: 'انتهت صلاحية تسجيل الدخول هذا. عد إلى Recovery Desk واضغط For Internal Login مرة أخرى.',
  LoadingContent: 'جارٍ تحميل المحتوى',
};
